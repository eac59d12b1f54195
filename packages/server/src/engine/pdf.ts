import { onFirstUse } from '../first-use.ts';

/**
 * pdfkit, loaded the first time a PDF is drawn rather than when the server starts: only some
 * requests draw PDFs, and its fonts and code cost start time and memory (docs/performance.md).
 */
const pdfkit = onFirstUse(() => import('pdfkit').then((module) => module.default));

/** The document's metadata, as PDF readers show it. */
export interface PdfInfo {
  Title: string;
  Author: string;
  CreationDate: Date;
}

/**
 * Draws an A4 PDF with the standard Helvetica fonts (so its text can be extracted as written)
 * and answers its bytes. `draw` writes the pages; the document is ended after it.
 */
export async function renderPdf(info: PdfInfo, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const Document = await pdfkit();
  const pdf = new Document({ size: 'A4', margin: 56, info });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}
