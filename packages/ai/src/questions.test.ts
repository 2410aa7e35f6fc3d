import { describe, expect, it } from 'vitest';
import { suggestQuestions } from './questions.js';

const outline = [
  { title: 'Riverton Water Supply', page: 1, level: 1 },
  { title: '1. Introduction', page: 1, level: 2 },
  { title: '2. Water Sources', page: 2, level: 2 },
  { title: '3. Treatment', page: 3, level: 2 },
  { title: '4. Distribution Network', page: 4, level: 2 },
  { title: '5. Conclusion', page: 5, level: 2 },
];

describe('suggestQuestions', () => {
  it('asks three questions about the document’s own sections, skipping the title and generic headings', () => {
    const questions = suggestQuestions({ title: 'Riverton Water Supply', outline, keywords: [], language: 'en' });
    expect(questions).toEqual([
      'What does the document say about Water Sources?',
      'What are the key points about Treatment?',
      'How does the document describe Distribution Network?',
    ]);
  });

  it('asks in the document’s language where it has templates', () => {
    const questions = suggestQuestions({ title: null, outline: [{ title: 'Wasserversorgung', page: 1, level: 1 }], keywords: ['Stausee', 'Leitungen'], language: 'de' });
    expect(questions).toEqual(['Was sagt das Dokument über Wasserversorgung?', 'Was sind die wichtigsten Punkte zu Stausee?', 'Wie beschreibt das Dokument Leitungen?']);
  });

  it('fills in from the keywords when there are too few headings, and asks in English in other languages', () => {
    const questions = suggestQuestions({ title: null, outline: [], keywords: ['reservoir', 'tariff', 'leakage', 'meters'], language: 'ko' });
    expect(questions).toHaveLength(3);
    expect(questions[0]).toBe('What does the document say about reservoir?');
  });
});
