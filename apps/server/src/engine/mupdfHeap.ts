/**
 * The size of this thread's MuPDF WebAssembly memory. mupdf.js passes the object at
 * `globalThis.$libmupdf_wasm_Module` to its Emscripten factory, which keeps its heap views
 * (HEAPU8, replaced whenever the memory grows) on that object. Imported before the engine,
 * this module puts one there so the worker can read how large its heap has become: the
 * memory of one thread, where the process's resident size mixes every thread and the API.
 */
type EmscriptenModule = { HEAPU8?: Uint8Array };

const holder = globalThis as typeof globalThis & { $libmupdf_wasm_Module?: EmscriptenModule };
holder.$libmupdf_wasm_Module ??= {};
const wasmModule = holder.$libmupdf_wasm_Module;

/** Bytes of WebAssembly memory MuPDF holds in this thread (0 before it loaded). */
export function mupdfHeapBytes(): number {
  return wasmModule.HEAPU8?.byteLength ?? 0;
}
