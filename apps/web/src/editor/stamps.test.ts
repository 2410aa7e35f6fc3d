import { editorAnnotation } from '@pagewright/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { moveItem, resizeItem } from './geometry';
import { stampAt, stampLabel, useStampTool } from './stamps';

/** A 1x1 PNG, as the browser hands a picture over. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

describe('stamp tools', () => {
  beforeEach(() => useStampTool.setState({ label: 'Approved', picture: null, signature: null }));

  it('places the chosen standard stamp with its top left where the page is clicked', () => {
    useStampTool.setState({ label: 'ForComment' });
    const item = stampAt('STAMP', 2, [40, 60], '#c62828');
    expect(item).toMatchObject({ kind: 'stamp', page: 2, color: '#c62828', rect: { x: 40, y: 60, w: 180, h: 50 }, stamp: { type: 'label', name: 'ForComment' } });
  });

  it('places nothing with the image or signature tool until a picture or signature is chosen', () => {
    expect(stampAt('IMAGE', 1, [0, 0], '#000000')).toBeNull();
    expect(stampAt('SIGN', 1, [0, 0], '#000000')).toBeNull();
  });

  it('places a picture and a signature at their own width over height, the signature with its sign kind', () => {
    useStampTool.setState({ picture: { image: PNG, aspect: 2 }, signature: { image: PNG, aspect: 4, sign: 'draw' } });
    const picture = stampAt('IMAGE', 1, [10, 10], '#000000');
    const signature = stampAt('SIGN', 1, [10, 10], '#000000');
    expect(picture).toMatchObject({ rect: { x: 10, y: 10, w: 200, h: 100 }, stamp: { type: 'image', image: PNG } });
    expect(signature).toMatchObject({ rect: { x: 10, y: 10, w: 160, h: 40 }, stamp: { type: 'signature', sign: 'draw', image: PNG } });
    // What the editor places is what the export's contract takes.
    const { id: _id, ...annotation } = signature!;
    expect(editorAnnotation.safeParse(annotation).success).toBe(true);
  });

  it('moves and resizes a stamp by its box like a shape', () => {
    const item = stampAt('STAMP', 1, [40, 60], '#c62828')!;
    expect(moveItem(item, 5, 5)).toMatchObject({ rect: { x: 45, y: 65, w: 180, h: 50 } });
    expect(resizeItem(item, 20, -10)).toMatchObject({ rect: { x: 40, y: 60, w: 200, h: 40 } });
  });

  it('resizes a picture or a signature keeping its width over height', () => {
    useStampTool.setState({ signature: { image: PNG, aspect: 4, sign: 'text' } });
    const item = stampAt('SIGN', 1, [10, 10], '#000000')!;
    expect(resizeItem(item, 40, -30)).toMatchObject({ rect: { x: 10, y: 10, w: 200, h: 50 } });
    // Never smaller than the smallest box on either side.
    expect(resizeItem(item, -500, 0)).toMatchObject({ rect: { w: 32, h: 8 } });
  });

  it('prints a standard stamp\'s name in capitals, word by word', () => {
    expect(stampLabel('NotApproved')).toBe('NOT APPROVED');
    expect(stampLabel('Draft')).toBe('DRAFT');
  });
});
