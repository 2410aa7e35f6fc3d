/**
 * The offline engine's fixed sentences: the only words it writes itself. They say what the
 * engine did (found nothing, condensed, quoted), never what the document says.
 */
import { guessLanguage } from './segment.js';

export interface OfflineMessages {
  /** No passage answers the question; the closest ones follow. */
  noAnswer: string;
  /** No passage answers the question and there is none to show. */
  nothingFound: string;
  /** Introduces the passages related to a selected text (explain). */
  related: string;
  /** No other passage of the document relates to the selected text (explain). */
  noRelated: string;
  /** Introduces a rewrite: the offline engine condenses and does not paraphrase. */
  condensed: string;
  /** There was no text to summarize or rewrite. */
  nothingToSummarize: string;
}

const MESSAGES: Record<string, OfflineMessages> = {
  en: {
    noAnswer: 'The document does not seem to answer this. Closest passages:',
    nothingFound: 'The document does not seem to answer this.',
    related: 'Passages of the document related to the selection:',
    noRelated: 'No other passage of the document relates to the selection.',
    condensed: 'The offline engine condenses the selection to its key sentences; it does not paraphrase:',
    nothingToSummarize: 'There is no text to summarize.',
  },
  de: {
    noAnswer: 'Das Dokument scheint diese Frage nicht zu beantworten. Die nächstliegenden Stellen:',
    nothingFound: 'Das Dokument scheint diese Frage nicht zu beantworten.',
    related: 'Stellen des Dokuments zur Auswahl:',
    noRelated: 'Keine andere Stelle des Dokuments bezieht sich auf die Auswahl.',
    condensed: 'Die Offline-Engine kürzt die Auswahl auf ihre wichtigsten Sätze; sie formuliert nicht um:',
    nothingToSummarize: 'Es gibt keinen Text zum Zusammenfassen.',
  },
  es: {
    noAnswer: 'El documento no parece responder a esto. Pasajes más cercanos:',
    nothingFound: 'El documento no parece responder a esto.',
    related: 'Pasajes del documento relacionados con la selección:',
    noRelated: 'Ningún otro pasaje del documento se relaciona con la selección.',
    condensed: 'El motor sin conexión condensa la selección en sus frases clave; no la parafrasea:',
    nothingToSummarize: 'No hay texto que resumir.',
  },
  fr: {
    noAnswer: 'Le document ne semble pas répondre à cette question. Passages les plus proches :',
    nothingFound: 'Le document ne semble pas répondre à cette question.',
    related: 'Passages du document liés à la sélection :',
    noRelated: 'Aucun autre passage du document ne se rapporte à la sélection.',
    condensed: 'Le moteur hors ligne condense la sélection en ses phrases clés ; il ne la reformule pas :',
    nothingToSummarize: "Il n'y a pas de texte à résumer.",
  },
  pt: {
    noAnswer: 'O documento não parece responder a isto. Passagens mais próximas:',
    nothingFound: 'O documento não parece responder a isto.',
    related: 'Passagens do documento relacionadas com a seleção:',
    noRelated: 'Nenhuma outra passagem do documento se relaciona com a seleção.',
    condensed: 'O motor offline condensa a seleção nas suas frases principais; não a parafraseia:',
    nothingToSummarize: 'Não há texto para resumir.',
  },
  it: {
    noAnswer: 'Il documento non sembra rispondere a questa domanda. Passaggi più vicini:',
    nothingFound: 'Il documento non sembra rispondere a questa domanda.',
    related: 'Passaggi del documento collegati alla selezione:',
    noRelated: 'Nessun altro passaggio del documento riguarda la selezione.',
    condensed: 'Il motore offline condensa la selezione nelle sue frasi chiave; non la parafrasa:',
    nothingToSummarize: 'Non c’è testo da riassumere.',
  },
  ja: {
    noAnswer: 'この文書はこの質問に答えていないようです。最も近い箇所：',
    nothingFound: 'この文書はこの質問に答えていないようです。',
    related: '選択部分に関連する文書の箇所：',
    noRelated: '選択部分に関連する箇所は文書のほかにありません。',
    condensed: 'オフラインエンジンは選択部分を要となる文に絞り込みます。言い換えはしません：',
    nothingToSummarize: '要約するテキストがありません。',
  },
  zh: {
    noAnswer: '文档似乎没有回答这个问题。最接近的段落：',
    nothingFound: '文档似乎没有回答这个问题。',
    related: '文档中与所选内容相关的段落：',
    noRelated: '文档中没有其他与所选内容相关的段落。',
    condensed: '离线引擎将所选内容压缩为其关键句子，不进行改写：',
    nothingToSummarize: '没有可总结的文本。',
  },
  'zh-tw': {
    noAnswer: '文件似乎沒有回答這個問題。最接近的段落：',
    nothingFound: '文件似乎沒有回答這個問題。',
    related: '文件中與所選內容相關的段落：',
    noRelated: '文件中沒有其他與所選內容相關的段落。',
    condensed: '離線引擎將所選內容壓縮為其關鍵句子，不進行改寫：',
    nothingToSummarize: '沒有可摘要的文字。',
  },
  ko: {
    noAnswer: '문서가 이 질문에 답하지 않는 것 같습니다. 가장 가까운 구절:',
    nothingFound: '문서가 이 질문에 답하지 않는 것 같습니다.',
    related: '선택한 부분과 관련된 문서의 구절:',
    noRelated: '선택한 부분과 관련된 다른 구절이 문서에 없습니다.',
    condensed: '오프라인 엔진은 선택한 부분을 핵심 문장으로 줄이며, 바꾸어 쓰지 않습니다:',
    nothingToSummarize: '요약할 텍스트가 없습니다.',
  },
  ru: {
    noAnswer: 'Похоже, документ не отвечает на этот вопрос. Ближайшие фрагменты:',
    nothingFound: 'Похоже, документ не отвечает на этот вопрос.',
    related: 'Фрагменты документа, связанные с выделенным текстом:',
    noRelated: 'Других фрагментов документа, связанных с выделенным текстом, нет.',
    condensed: 'Офлайн-движок сокращает выделенный текст до ключевых предложений и не перефразирует его:',
    nothingToSummarize: 'Нет текста для краткого изложения.',
  },
  ar: {
    noAnswer: 'لا يبدو أن المستند يجيب عن هذا السؤال. أقرب المقاطع:',
    nothingFound: 'لا يبدو أن المستند يجيب عن هذا السؤال.',
    related: 'مقاطع المستند المتعلقة بالنص المحدد:',
    noRelated: 'لا يوجد مقطع آخر في المستند يتعلق بالنص المحدد.',
    condensed: 'يختصر المحرك غير المتصل النص المحدد إلى جمله الرئيسية، ولا يعيد صياغته:',
    nothingToSummarize: 'لا يوجد نص لتلخيصه.',
  },
};

/**
 * The fixed sentences in the language asked for (a chat language such as 'zh-tw', or 'auto'
 * for the language of `text`), in English when the language has none.
 */
export function offlineMessages(language: string, text: string): OfflineMessages {
  let wanted = language.toLowerCase();
  if (wanted === 'auto' || wanted === '') wanted = guessLanguage(text);
  if (wanted === 'zh-tw' || wanted === 'zh-hk' || wanted === 'zh-hant') return MESSAGES['zh-tw'] as OfflineMessages;
  return MESSAGES[wanted.split('-')[0] ?? 'en'] ?? (MESSAGES.en as OfflineMessages);
}
