/**
 * Three suggested questions for the summary card, about the document's own sections (its
 * headings), else its keywords, written in the document's language where a template exists.
 */
import { foldWord } from './terms.js';
import type { OutlineEntry } from './types.js';

export const QUESTION_COUNT = 3;

const TEMPLATES: Record<string, [string, string, string]> = {
  en: ['What does the document say about {topic}?', 'What are the key points about {topic}?', 'How does the document describe {topic}?'],
  de: ['Was sagt das Dokument über {topic}?', 'Was sind die wichtigsten Punkte zu {topic}?', 'Wie beschreibt das Dokument {topic}?'],
  es: ['¿Qué dice el documento sobre {topic}?', '¿Cuáles son los puntos clave sobre {topic}?', '¿Cómo describe el documento {topic}?'],
  fr: ['Que dit le document sur {topic} ?', 'Quels sont les points clés concernant {topic} ?', 'Comment le document décrit-il {topic} ?'],
  pt: ['O que diz o documento sobre {topic}?', 'Quais são os pontos principais sobre {topic}?', 'Como o documento descreve {topic}?'],
  it: ['Cosa dice il documento su {topic}?', 'Quali sono i punti chiave su {topic}?', 'Come descrive il documento {topic}?'],
  zh: ['文档中关于{topic}说了什么？', '关于{topic}有哪些要点？', '文档如何描述{topic}？'],
  ja: ['この文書は{topic}について何と述べていますか？', '{topic}に関する要点は何ですか？', '文書では{topic}をどのように説明していますか？'],
};

/** Headings that name a part of any document rather than a subject of this one. */
const GENERIC_HEADINGS = new Set(
  [
    'introduction', 'summary', 'executive summary', 'conclusion', 'conclusions', 'contents', 'table of contents', 'references',
    'appendix', 'abstract', 'acknowledgements', 'acknowledgments', 'bibliography', 'index', 'foreword', 'preface', 'overview',
    'einleitung', 'zusammenfassung', 'inhalt', 'inhaltsverzeichnis', 'fazit', 'anhang', 'literatur', 'literaturverzeichnis', 'vorwort',
    'introduccion', 'resumen', 'conclusion', 'conclusiones', 'indice', 'anexo', 'bibliografia', 'referencias',
    'resume', 'sommaire', 'annexe', 'table des matieres', 'avant-propos',
    'introducao', 'resumo', 'conclusao', 'referencias', 'sumario', 'introduzione', 'sommario', 'conclusioni', 'riassunto',
    '引言', '摘要', '目录', '结论', '附录', '参考文献', '前言', 'はじめに', '概要', '目次', '結論', '付録', '参考文献',
  ],
);

/** A heading as a topic: without its numbering ("2.1", "IV.", "A)") or closing colon. */
function topicOf(heading: string): string {
  return heading
    .replace(/^(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.)]?\s+/u, '')
    .replace(/[\s:：.]+$/u, '')
    .trim();
}

function isGeneric(topic: string): boolean {
  const folded = topic.split(/\s+/u).map(foldWord).join(' ');
  return GENERIC_HEADINGS.has(folded) || GENERIC_HEADINGS.has(topic);
}

/** Up to `count` items spread over the list (its start, middle and end), in order. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const picked = new Set<number>();
  for (let i = 0; i < count; i += 1) picked.add(Math.round((i * (items.length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b).map((index) => items[index] as T);
}

export interface QuestionSources {
  title: string | null;
  outline: OutlineEntry[];
  keywords: string[];
  language: string;
}

export function suggestQuestions(sources: QuestionSources): string[] {
  const title = sources.title ? foldWord(sources.title.trim()) : null;
  const seen = new Set<string>();
  const topics: string[] = [];
  for (const entry of sources.outline) {
    const topic = topicOf(entry.title);
    const key = foldWord(topic);
    if (topic.length < 2 || topic.length > 60 || key === title || isGeneric(topic) || seen.has(key)) continue;
    seen.add(key);
    topics.push(topic);
  }
  const chosen = spread(topics, QUESTION_COUNT);
  for (const keyword of sources.keywords) {
    if (chosen.length >= QUESTION_COUNT) break;
    if (!seen.has(foldWord(keyword))) chosen.push(keyword);
  }
  const primary = sources.language.toLowerCase().split('-')[0] ?? 'en';
  const templates = TEMPLATES[primary] ?? TEMPLATES.en;
  return chosen.map((topic, index) => (templates?.[index % QUESTION_COUNT] ?? '{topic}').replace('{topic}', topic));
}
