import { describe, expect, it } from 'vitest';
import { fontOf, type AnnotationData } from './existing';

const freeText = (fontName: string): AnnotationData => ({
  id: '12R', subtype: 'FreeText', rect: [0, 0, 10, 10], color: null,
  defaultAppearanceData: { fontName, fontSize: 16, fontColor: [255, 0, 0] },
});

describe('existing free text fonts', () => {
  it('reads back the bold and italic faces the export names in the /DA', () => {
    expect(fontOf(freeText('TiBI'))).toMatchObject({ family: 'Times', bold: true, italic: true, size: 16, color: '#ff0000' });
    expect(fontOf(freeText('HeBo'))).toMatchObject({ family: 'Helvetica', bold: true, italic: false });
    expect(fontOf(freeText('CoOb'))).toMatchObject({ family: 'Courier', bold: false, italic: true });
  });

  it('reads the regular faces of every family as neither bold nor italic', () => {
    expect(fontOf(freeText('Helv'))).toMatchObject({ family: 'Helvetica', bold: false, italic: false });
    expect(fontOf(freeText('TiRo'))).toMatchObject({ family: 'Times', bold: false, italic: false });
    expect(fontOf(freeText('Cour'))).toMatchObject({ family: 'Courier', bold: false, italic: false });
  });
});
