/**
 * Terms: the words of a text in the form the index, the keyword scorer and every word overlap
 * compare them, so that "Reservoirs" in a question meets "reservoir" on a page and "Wassers"
 * meets "Wasser". Stopwords are left out; Latin words lose accents and plural endings.
 */
import { hasCjk, stopwordsFor, words } from './segment.js';

const LATIN_WORD = /^[\p{Script=Latin}\p{N}\p{M}'’.-]+$/u;
/** French and Italian elisions (l'eau, dell'acqua): the word is what follows the apostrophe. */
const ELISION = /^\p{L}{1,4}['’](?=\p{L}{2})/u;

/** A word folded for comparison: lower case, without accents, possessive or elision. */
export function foldWord(word: string): string {
  const lower = word.normalize('NFKC').toLowerCase();
  if (!LATIN_WORD.test(lower)) return lower;
  return lower.normalize('NFD').replace(/\p{M}/gu, '').replace(ELISION, '').replace(/['’]s$/u, '').replace(/['’]/gu, '');
}

const GERMAN_ENDINGS = ['en', 'es', 'e', 's', 'n'];

/**
 * A light stemmer: enough to meet singular and plural and the common verb endings. Prefix search
 * in the index covers much of the rest, and a heavier stemmer would merge unrelated words.
 */
export function stem(word: string, language: string): string {
  if (word.length <= 3 || /\d/u.test(word) || !LATIN_WORD.test(word)) return word;
  const primary = language.split('-')[0];
  if (primary === 'en') {
    let form = word;
    if (form.endsWith('ies') && form.length > 4) form = `${form.slice(0, -3)}y`;
    else if (form.endsWith('ied') && form.length > 4) form = `${form.slice(0, -3)}y`;
    else if (form.endsWith('sses')) form = form.slice(0, -2);
    else if (form.endsWith('ing') && form.length >= 7) form = form.slice(0, -3);
    else if (form.endsWith('ed') && form.length >= 6) form = form.slice(0, -2);
    else if (form.endsWith('s') && !/(ss|us|is)$/u.test(form)) form = form.slice(0, -1);
    if (form.endsWith('e') && form.length > 4) form = form.slice(0, -1);
    return form;
  }
  if (primary === 'de') {
    const ending = GERMAN_ENDINGS.find((end) => word.endsWith(end) && word.length - end.length >= 4);
    return ending ? word.slice(0, -ending.length) : word;
  }
  if (word.length > 4 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words a question uses to ask rather than to name its subject ("What does the document say about ..."). */
const QUESTION_WORDS = new Set(
  `document documents pdf file text paper say says said tell explain describe describes described mention mentions mentioned please
  according key main points point many much
  dokument dokuments datei sagt sagen steht erklart erklare beschreibt beschreiben wichtigsten punkte bitte laut viele
  documento archivo arquivo texto dice dicen explica describe puntos clave principales
  fichier texte dit disent decrit decrit-il cles principaux
  diz dizem descreve pontos principais
  spiega descrive punti chiave
  文档 文件 说 什么 如何 描述 要点 关于 哪些 有哪些 文書 何 述べ どのよう 説明 関する`.split(/\s+/u).filter(Boolean),
);

/**
 * Month names as tables and dates abbreviate them (Aug-2015, 3 Sept.), in English, German and
 * French, so that a question's "August" meets a table's "Aug". March and May are left as they
 * are: "march" and "may" are also an ordinary verb and a stopword.
 */
const MONTHS = new Map(
  Object.entries({
    jan: 'january januar janvier', feb: 'february februar fevrier', apr: 'april avril', jun: 'june juni juin', jul: 'july juli juillet',
    aug: 'august aout', sep: 'september sept septembre', oct: 'october oktober octobre okt', nov: 'november novembre', dec: 'december dezember decembre dez',
  }).flatMap(([short, names]) => names.split(' ').map((name): [string, string] => [name, short])),
);

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,}/gu;

function collect(text: string, language: string, skip: ReadonlySet<string> | null): string[] {
  const stop = stopwordsFor(language);
  const result: string[] = [];
  for (const word of words(text)) {
    const lower = word.normalize('NFKC').toLowerCase();
    if (stop.has(lower) || skip?.has(lower)) continue;
    if (hasCjk(lower)) {
      result.push(lower);
      continue;
    }
    const folded = foldWord(lower);
    if (folded.length === 0 || (folded.length < 2 && !/\d/u.test(folded))) continue;
    if (stop.has(folded) || skip?.has(folded)) continue;
    result.push(MONTHS.get(folded) ?? stem(folded, language));
  }
  // The dictionary splits names it does not know wrongly (冷溪水库 as 冷|溪水|库): overlapping
  // character pairs of every Chinese or Japanese run let a query meet them all the same.
  for (const run of text.normalize('NFKC').match(CJK_RUN) ?? []) {
    const characters = [...run];
    for (let i = 0; i + 1 < characters.length; i += 1) result.push(`${characters[i]}${characters[i + 1]}`);
  }
  return result;
}

/** The terms of a document text in `language` (words, then Chinese and Japanese character pairs), repeated as often as they occur. */
export function terms(text: string, language: string): string[] {
  return collect(text, language, null);
}

/** The terms of a question: its subject, without the words that only make it a question. */
export function queryTerms(text: string, language: string): string[] {
  return collect(text, language, QUESTION_WORDS);
}

/**
 * Whether a question term meets a text term: the same, or (for Latin words of four letters or
 * more) its beginning, as the index's prefix search matches "reserv" to "reservoir".
 */
export function termMatches(queryTerm: string, textTerm: string): boolean {
  if (queryTerm === textTerm) return true;
  return queryTerm.length >= 4 && !hasCjk(queryTerm) && textTerm.startsWith(queryTerm);
}
