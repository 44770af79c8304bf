import { PDFParse } from 'pdf-parse';

/** The text of every page of a PDF, whitespace collapsed: where a line wraps is layout, not content. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText();
    return result.text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
