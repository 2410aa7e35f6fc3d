/**
 * Sentences, words and the language of a text, for every script the chat languages cover.
 * Intl.Segmenter finds words by dictionary in Chinese and Japanese, where no space separates
 * them, so a Chinese line becomes its words rather than one unsearchable token.
 */

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether the text holds a Chinese, Japanese or Korean character (joined without spaces, one token a character). */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** A segment of a text: a word, or what stands between words (spaces, punctuation). */
export interface WordPart {
  text: string;
  index: number;
  isWord: boolean;
}

/**
 * V8's Intl.Segmenter spends time proportional to the whole input on every segment it yields, so
 * segmenting a long text at once takes quadratic time (20,000 characters: over a second, and
 * hundreds of megabytes of garbage). Long texts are segmented in pieces of at most this many
 * characters, cut where no word or sentence can continue across the cut.
 */
const SEGMENT_PIECE = 1000;
/** A piece ends after a sentence end and its spaces, or else after a space or a CJK punctuation mark. */
const SENTENCE_CUT = /[.!?]["'’”)\]]*\s+(?=[\p{Lu}\p{N}])|[。！？]/gu;
const WORD_CUT = /[\s。！？，、；：]+/gu;

/** Where to cut `text` into pieces no longer than SEGMENT_PIECE: each later piece's start, and whether a segment may run across that cut. */
function pieceStarts(text: string, cut: RegExp): Array<{ start: number; across: boolean }> {
  const starts: Array<{ start: number; across: boolean }> = [];
  let start = 0;
  const lastEnd = (pattern: RegExp, limit: number): number => {
    let end = -1;
    pattern.lastIndex = start + SEGMENT_PIECE / 2;
    for (let match = pattern.exec(text); match && match.index + match[0].length <= limit; match = pattern.exec(text)) end = match.index + match[0].length;
    return end;
  };
  while (text.length - start > SEGMENT_PIECE) {
    const limit = start + SEGMENT_PIECE;
    let end = lastEnd(cut, limit);
    let across = false;
    if (end <= start && cut !== WORD_CUT) {
      // No sentence end in reach: cut between words, the sentence running on across the cut.
      end = lastEnd(WORD_CUT, limit);
      across = true;
    }
    if (end <= start) {
      // Nothing to cut at (a long unbroken run): cut anyway, but not inside a surrogate pair.
      end = limit;
      if (/[\udc00-\udfff]/u.test(text[end] ?? '')) end -= 1;
      across = true;
    }
    starts.push({ start: end, across });
    start = end;
  }
  return starts;
}

interface Segment {
  segment: string;
  index: number;
  isWordLike?: boolean;
  /** The segment goes on the one before it: a cut between pieces fell inside it. */
  continues: boolean;
}

/** The segments of a text, as Intl.Segmenter gives them, in pieces so that a long text costs linear time. */
function* segments(segmenter: Intl.Segmenter, text: string, cut: RegExp): Generator<Segment> {
  const pieces = text.length <= SEGMENT_PIECE ? [] : pieceStarts(text, cut);
  const starts = [{ start: 0, across: false }, ...pieces, { start: text.length, across: false }];
  for (let i = 0; i + 1 < starts.length; i += 1) {
    const from = starts[i]?.start ?? 0;
    let first = starts[i]?.across === true;
    const piece = from === 0 && starts.length === 2 ? text : text.slice(from, starts[i + 1]?.start);
    for (const part of segmenter.segment(piece)) {
      yield { segment: part.segment, index: part.index + from, isWordLike: part.isWordLike, continues: first };
      first = false;
    }
  }
}

export function wordParts(text: string): WordPart[] {
  const parts: WordPart[] = [];
  for (const part of segments(wordSegmenter, text, WORD_CUT)) parts.push({ text: part.segment, index: part.index, isWord: part.isWordLike === true });
  return parts;
}

export function words(text: string): string[] {
  const found: string[] = [];
  for (const part of segments(wordSegmenter, text, WORD_CUT)) if (part.isWordLike) found.push(part.segment);
  return found;
}

export function countWords(text: string): number {
  let count = 0;
  for (const part of segments(wordSegmenter, text, WORD_CUT)) if (part.isWordLike) count += 1;
  return count;
}

/**
 * ICU ends a sentence at every period before a capital, so "Dr. Smith" or "z. B." would split;
 * a sentence ending in one of these (or in a single letter, an initial) runs on into the next.
 */
const ABBREVIATIONS = new Set([
  'dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'nr', 'fig', 'figs', 'vs', 'approx', 'ca', 'cf', 'vol', 'eq',
  'e.g', 'i.e', 'z.b', 'bzw', 'abb', 'vgl', 'sr', 'sra', 'mme', 'mlle', 'p', 'pp', 'jan', 'feb', 'aug', 'sept', 'oct', 'nov', 'dec',
]);

function endsWithAbbreviation(sentence: string): boolean {
  const match = /(?:^|[\s(])([\p{L}.]+)\.\s*$/u.exec(sentence);
  if (!match?.[1]) return false;
  const word = match[1].toLowerCase();
  return ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);
}

/** A sentence's place in its text, without the spaces around it. */
export interface Span {
  start: number;
  end: number;
}

/** Sentences longer than this are cut (tables and unpunctuated text would otherwise make one huge "sentence"). */
const LONGEST_SENTENCE = 150;
const CUT_SENTENCE = 100;

export function sentenceSpans(text: string): Span[] {
  const raw: Span[] = [];
  for (const part of segments(sentenceSegmenter, text, SENTENCE_CUT)) {
    const previous = raw.at(-1);
    const end = part.index + part.segment.length;
    if (previous && (part.continues || endsWithAbbreviation(text.slice(previous.start, previous.end)))) previous.end = end;
    else raw.push({ start: part.index, end });
  }
  const spans: Span[] = [];
  for (const span of raw) {
    const trimmed = trim(text, span);
    if (trimmed.end > trimmed.start) spans.push(...cutLong(text, trimmed));
  }
  return spans;
}

export function sentences(text: string): string[] {
  return sentenceSpans(text).map((span) => text.slice(span.start, span.end));
}

function trim(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /\s/u.test(text[start] ?? '')) start += 1;
  while (end > start && /\s/u.test(text[end - 1] ?? '')) end -= 1;
  return { start, end };
}

function cutLong(text: string, span: Span): Span[] {
  const parts = wordParts(text.slice(span.start, span.end)).filter((part) => part.isWord);
  if (parts.length <= LONGEST_SENTENCE) return [span];
  const spans: Span[] = [];
  for (let first = 0; first < parts.length; first += CUT_SENTENCE) {
    const start = span.start + (parts[first]?.index ?? 0);
    const next = parts[first + CUT_SENTENCE];
    const end = next ? span.start + next.index : span.end;
    spans.push(trim(text, { start, end }));
  }
  return spans;
}

/**
 * Small stopword lists of the seven UI languages: the words that say nothing about a topic,
 * left out of the index, the keywords and the word overlaps.
 */
const STOPWORDS: Record<string, string> = {
  en: `a about above after again against all also am an and any are as at be because been before being below between both but by
    can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how
    i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they this those through to too under until
    up very was we were what when where which while who whom why will with would you your yours yourself yourselves may might must shall
    per via upon within without across among however therefore thus yet every many much less least well even since still whether either
    neither`,
  de: `aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei bin bis bist da damit dann das dass dein
    dem den denn der des dich die dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer eines er es
    etwas euch euer für gegen gewesen hab habe haben hat hatte hätte ich ihm ihn ihnen ihr ihre im in indem ins ist jede jedem jeden
    jeder jedes jene kann kein keine können könnte machen man manche mein mich mir mit muss musste nach nicht nichts noch nun nur ob oder
    ohne sehr sein seine sich sie sind so solche soll sollte sondern sonst über um und uns unser unter viel vom von vor war waren warum
    was weil welche wenn werde werden wie wieder will wir wird wirst wo wollen würde zu zum zur zwar zwischen wurde wurden sowie bzw`,
  es: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en entre era
    eran es esa esas ese eso esos esta estaba estado estas este esto estos fue fueron ha han hasta hay la las le les lo los más me mi
    mientras muy ni no nos o otra otras otro otros para pero poco por porque que quien se ser si sido sin sobre son su sus también tan
    te tiene tienen todo todos tu un una uno unos y ya`,
  fr: `a à afin ai aient ait alors au aucun aussi autre aux avec avait avant avoir c ce ceci cela celle celles celui ces cet cette
    comme d dans de des donc dont du elle elles en encore est et étaient était été être eu eux il ils je l la le les leur leurs lui
    m ma mais me même mes moi mon n ne ni nos notre nous on ont ou où par pas peu peut plus pour qu que qui s sa sans se sera ses si
    son sont sous sur ta te tes toi ton tous tout toute toutes très tu un une vos votre vous y`,
  pt: `a à ao aos as às até com como da das de dela dele do dos e é ela elas ele eles em entre era eram essa esse esta está estão
    este eu foi foram há isso isto já la lhe mais mas me mesmo meu minha muito na nas nem no nos nós num numa o os ou para pela pelas
    pelo pelos por qual quando que quem se sem ser seu seus sua suas são também te tem têm um uma umas uns você`,
  ja: `の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この ため その あっ よう また
    もの という あり まで られ なる へ か だ これ によって により おり より による ず なり られる において ば なかっ なく しかし
    について せ だっ でき それ う ので なお のみ き つ における および いう さらに でも ら たり ます ん です`,
  zh: `的 了 是 在 和 有 我 也 不 这 就 都 而 及 与 或 等 中 对 为 以 上 其 之 于 被 把 从 到 由 将 并 但 还 又 个 些 他 她 它 们
    我们 你 您 这个 那 那个 一个 没有 因为 所以 如果 可以 已经 以及 并且 其中 通过 进行 之一`,
};

const stopwordSets = new Map(Object.entries(STOPWORDS).map(([language, list]) => [language, new Set(list.split(/\s+/u).filter(Boolean))]));

/**
 * The stopwords for a text in `language`, with the English ones added: English words turn up in
 * documents of every language (product names, citations, code), and Chinese and Japanese share
 * their particles' characters, so either list serves both.
 */
export function stopwordsFor(language: string): ReadonlySet<string> {
  const primary = language.toLowerCase().split('-')[0] ?? 'en';
  let set = stopwordsByLanguage.get(primary);
  if (!set) {
    const extra = primary === 'zh' || primary === 'ja' ? ['zh', 'ja'] : [primary];
    set = new Set(stopwordSets.get('en'));
    for (const name of extra) for (const word of stopwordSets.get(name) ?? []) set.add(word);
    stopwordsByLanguage.set(primary, set);
  }
  return set;
}

const stopwordsByLanguage = new Map<string, Set<string>>();

/** The most frequent function words of Latin-script languages; a word listed under several languages counts as a fraction for each. */
const LANGUAGE_HINTS: Record<string, string> = {
  en: 'the and of to is in that it for with are was this be by from have which not',
  de: 'der die und das ist nicht mit den von zu ein eine sich auf für dem auch wird werden im',
  fr: 'le la les et des est une du dans que pour pas sur au avec il qui sont ce',
  es: 'el la los las y de que en es un una por con para del se no son lo',
  pt: 'o a os as e de que em um uma do da para com não é são dos das no na',
  it: 'il la e di che in un una per con del della non è sono gli le nel',
  nl: 'de het een en van is dat niet op te zijn met voor er ook',
};

const hintWeights = (() => {
  const languagesOf = new Map<string, string[]>();
  for (const [language, list] of Object.entries(LANGUAGE_HINTS)) {
    for (const word of list.split(' ')) languagesOf.set(word, [...(languagesOf.get(word) ?? []), language]);
  }
  return languagesOf;
})();

const SCRIPTS: Array<[RegExp, string]> = [
  [/\p{Script=Hangul}/gu, 'ko'],
  [/\p{Script=Arabic}/gu, 'ar'],
  [/\p{Script=Cyrillic}/gu, 'ru'],
  [/\p{Script=Greek}/gu, 'el'],
  [/\p{Script=Hebrew}/gu, 'he'],
  [/\p{Script=Thai}/gu, 'th'],
  [/\p{Script=Devanagari}/gu, 'hi'],
];

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/**
 * A BCP 47 primary language for a text: by script first (kana marks Japanese, Han alone
 * Chinese), then, for Latin script, by which language's function words it uses most.
 */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, 20_000);
  const letters = count(sample, /\p{L}/gu);
  if (letters === 0) return 'en';
  if (count(sample, /[\p{Script=Hiragana}\p{Script=Katakana}]/gu) / letters > 0.05) return 'ja';
  if (count(sample, /\p{Script=Han}/gu) / letters > 0.3) return 'zh';
  for (const [pattern, language] of SCRIPTS) if (count(sample, pattern) / letters > 0.3) return language;
  const scores = new Map<string, number>();
  for (const word of words(sample.toLowerCase())) {
    const languages = hintWeights.get(word);
    if (!languages) continue;
    for (const language of languages) scores.set(language, (scores.get(language) ?? 0) + 1 / languages.length);
  }
  let best = 'en';
  let bestScore = 0;
  for (const [language, score] of scores) {
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}
