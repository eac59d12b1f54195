import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF's pages, as a reader would extract it. */
export async function pdfText(content: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(content));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}
