import { extractPdfLines } from '../../../../src/services/results/readers/pdf-text';
import { writePdf } from '../../../fixtures/results/pdf-writer';

describe('extractPdfLines', () => {
  it("reads a PDF's text on a worker thread, one line per row of cells", async () => {
    const lines = await extractPdfLines(
      writePdf([['Ferritin', '12', 'L', 'ng/mL', '15 - 150'], ['Note (fasting)']]),
    );
    expect(lines).toEqual(['Ferritin 12 L ng/mL 15 - 150', 'Note (fasting)']);
  });

  it('rejects what pdf.js cannot open', async () => {
    await expect(extractPdfLines(new TextEncoder().encode('%PDF-1.7\nbroken'))).rejects.toThrow();
  });

  it('ends the thread when reading outlasts the deadline', async () => {
    await expect(extractPdfLines(writePdf([['TSH', '2.1']]), { deadlineMs: 1 })).rejects.toThrow(
      'Reading the PDF took too long.',
    );
  });
});
