/**
 * Document-level parts a merge carries over from every input: interactive form fields
 * (/AcroForm), optional content (/OCProperties) and attached files (/EmbeddedFiles).
 * Each source is added after its pages and annotations were copied, so fields resolve to the
 * widgets already on the merged pages.
 */
import type { PDFDocument, PDFObject } from '../mupdf.js';
import { keyOf, nameOf, readNameTree, type ObjectCopier } from './copy.js';

export class CatalogMerger {
  private readonly fields: PDFObject[] = [];
  private readonly fieldNames = new Set<string>();
  private readonly calculationOrder: PDFObject[] = [];
  private resources: PDFObject | null = null;
  private defaultAppearance: PDFObject | null = null;
  private quadding: PDFObject | null = null;
  private needAppearances = false;
  private sigFlags = 0;

  private readonly ocgs: PDFObject[] = [];
  private readonly ocgNums = new Set<number>();
  private readonly ocOn: PDFObject[] = [];
  private readonly ocOff: PDFObject[] = [];
  private readonly ocOrder: PDFObject[] = [];
  private readonly ocRadio: PDFObject[] = [];
  private ocBaseState: PDFObject | null = null;

  private readonly attachments = new Map<string, PDFObject>();

  constructor(private readonly dst: PDFDocument) {}

  addSource(copier: ObjectCopier, inputIndex: number): void {
    const root = copier.src.getTrailer().get('Root');
    for (const part of [this.addForm, this.addOptionalContent, this.addAttachments]) {
      try {
        part.call(this, root, copier, inputIndex);
      } catch {
        // Best effort: a broken form or attachment tree does not fail the merge.
      }
    }
  }

  private addForm(root: PDFObject, copier: ObjectCopier, inputIndex: number): void {
    const form = root.get('AcroForm');
    if (!form.isDictionary()) return;
    const fields = form.get('Fields');
    if (fields.isArray()) {
      const n = fields.length;
      for (let i = 0; i < n; i++) {
        const copied = copier.copy(fields.get(i));
        if (!copied || !copied.isDictionary()) continue;
        // Every widget of the field was on a page left out (split, delete): the field goes too.
        const kids = copied.get('Kids');
        if (kids.isArray() && kids.length === 0) continue;
        const field = copied.isIndirect() ? copied : this.dst.addObject(copied);
        // Same-named root fields of different inputs would become one field: rename.
        const title = keyOf(field.get('T'));
        if (title !== undefined) {
          let unique = title;
          for (let k = inputIndex + 1; this.fieldNames.has(unique); k++) unique = `${title}_${k}`;
          if (unique !== title) field.put('T', this.dst.newString(unique));
          this.fieldNames.add(unique);
        }
        this.fields.push(field);
      }
    }
    const co = form.get('CO');
    if (co.isArray()) {
      const n = co.length;
      for (let i = 0; i < n; i++) {
        const copied = copier.copy(co.get(i));
        if (copied) this.calculationOrder.push(copied);
      }
    }
    const dr = form.get('DR');
    if (dr.isDictionary()) {
      const copied = copier.copy(dr);
      if (copied && copied.isDictionary()) this.mergeResources(copied);
    }
    const da = form.get('DA');
    if (!this.defaultAppearance && da.isString()) this.defaultAppearance = da.isIndirect() ? da.resolve() : da;
    const q = form.get('Q');
    if (!this.quadding && q.isNumber()) this.quadding = this.dst.newInteger(q.asNumber());
    const need = form.get('NeedAppearances');
    if (need.isBoolean() && need.asBoolean()) this.needAppearances = true;
    const sig = form.get('SigFlags');
    if (sig.isNumber()) this.sigFlags |= sig.asNumber();
  }

  private mergeResources(copied: PDFObject): void {
    if (!this.resources) {
      this.resources = copied;
      return;
    }
    const target = this.resources;
    copied.forEach((category, key) => {
      if (typeof key !== 'string') return;
      const existing = target.get(key);
      if (!existing.isDictionary() || !category.isDictionary()) {
        if (existing.isNull()) target.put(key, category);
        return;
      }
      category.forEach((value, name) => {
        if (typeof name === 'string' && existing.get(name).isNull()) existing.put(name, value);
      });
    });
  }

  private addOptionalContent(root: PDFObject, copier: ObjectCopier): void {
    const oc = root.get('OCProperties');
    if (!oc.isDictionary()) return;
    const ocgs = oc.get('OCGs');
    if (ocgs.isArray()) {
      const n = ocgs.length;
      for (let i = 0; i < n; i++) {
        const copied = copier.copy(ocgs.get(i));
        if (!copied || !copied.isIndirect() || this.ocgNums.has(copied.asIndirect())) continue;
        this.ocgNums.add(copied.asIndirect());
        this.ocgs.push(copied);
      }
    }
    const config = oc.get('D');
    if (!config.isDictionary()) return;
    const lists: Array<[string, PDFObject[]]> = [['ON', this.ocOn], ['OFF', this.ocOff], ['Order', this.ocOrder], ['RBGroups', this.ocRadio]];
    for (const [key, list] of lists) {
      const array = config.get(key);
      if (!array.isArray()) continue;
      const n = array.length;
      for (let i = 0; i < n; i++) {
        const copied = copier.copy(array.get(i));
        if (copied) list.push(copied);
      }
    }
    const base = nameOf(config.get('BaseState'));
    if (!this.ocBaseState && base) this.ocBaseState = this.dst.newName(base);
  }

  private addAttachments(root: PDFObject, copier: ObjectCopier): void {
    const tree = readNameTree(root.get('Names', 'EmbeddedFiles'));
    for (const [name, spec] of tree) {
      const copied = copier.copy(spec);
      if (!copied) continue;
      let unique = name;
      for (let k = 2; this.attachments.has(unique); k++) unique = `${name} (${k})`;
      this.attachments.set(unique, copied);
    }
  }

  /** Writes the merged parts into the merged document's catalogue. */
  write(): void {
    const { dst } = this;
    const root = dst.getTrailer().get('Root');
    if (this.fields.length > 0) {
      const form = dst.newDictionary();
      form.put('Fields', this.array(this.fields));
      if (this.resources) form.put('DR', this.resources);
      if (this.defaultAppearance) form.put('DA', this.defaultAppearance);
      if (this.quadding) form.put('Q', this.quadding);
      if (this.needAppearances) form.put('NeedAppearances', true);
      if (this.sigFlags) form.put('SigFlags', this.sigFlags);
      if (this.calculationOrder.length > 0) form.put('CO', this.array(this.calculationOrder));
      root.put('AcroForm', dst.addObject(form));
    }
    if (this.ocgs.length > 0) {
      const config = dst.newDictionary();
      if (this.ocBaseState) config.put('BaseState', this.ocBaseState);
      if (this.ocOn.length > 0) config.put('ON', this.array(this.ocOn));
      if (this.ocOff.length > 0) config.put('OFF', this.array(this.ocOff));
      if (this.ocOrder.length > 0) config.put('Order', this.array(this.ocOrder));
      if (this.ocRadio.length > 0) config.put('RBGroups', this.array(this.ocRadio));
      const oc = dst.newDictionary();
      oc.put('OCGs', this.array(this.ocgs));
      oc.put('D', config);
      root.put('OCProperties', oc);
    }
    if (this.attachments.size > 0) {
      const names = dst.newArray();
      for (const key of [...this.attachments.keys()].sort()) {
        names.push(dst.newString(key));
        names.push(this.attachments.get(key)!);
      }
      const tree = dst.newDictionary();
      tree.put('Names', names);
      let namesDict = root.get('Names');
      if (!namesDict.isDictionary()) namesDict = root.put('Names', dst.newDictionary());
      namesDict.put('EmbeddedFiles', tree);
    }
  }

  private array(items: PDFObject[]): PDFObject {
    const out = this.dst.newArray();
    for (const item of items) out.push(item);
    return out;
  }
}
