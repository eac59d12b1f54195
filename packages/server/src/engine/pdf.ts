import PDFDocument from 'pdfkit';

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
export function renderPdf(info: PdfInfo, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info });
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
