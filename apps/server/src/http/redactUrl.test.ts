import { describe, expect, it } from 'vitest';
import { redactUrl } from './redactUrl.js';

describe('redactUrl', () => {
  it('masks passwords and tokens in the query', () => {
    expect(redactUrl('/api/document/info?file_id=abc&passwd=hunter2')).toBe('/api/document/info?file_id=abc&passwd=***');
    expect(redactUrl('/api/storage/object/x?expires=1&token=sig')).toBe('/api/storage/object/x?expires=1&token=***');
  });

  it('masks the password segment of the redaction and sign paths', () => {
    expect(redactUrl('/api/document/redaction/f1/redaction/hunter2')).toBe('/api/document/redaction/f1/redaction/***');
    expect(redactUrl('/api/document/content/f1/sign/hunter2/?t=1')).toBe('/api/document/content/f1/sign/***/?t=1');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/document/redaction/f1/redaction')).toBe('/api/document/redaction/f1/redaction');
    expect(redactUrl('/app/merge-pdf?from=mail')).toBe('/app/merge-pdf?from=mail');
  });
});
