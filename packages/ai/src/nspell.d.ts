// nspell ships no types: the part of its API the proofreader calls.
declare module 'nspell' {
  interface NSpell {
    correct(word: string): boolean;
    suggest(word: string): string[];
  }
  export default function nspell(dictionary: { aff: string | Buffer; dic?: string | Buffer }): NSpell;
}
