/**
 * A long article (about 6,000 words) written the way editors write: headings every few paragraphs,
 * marks, links, lists, a quote, a table (a header row and 6 rows of 4 cells) every 2,000 words and
 * 20 photos (image blocks, a third of them centred), spread through the text. Used by the editor
 * benchmark, which also measures the same text without its tables and photos.
 */
const WORDS = (
  'o prontuário eletrônico organiza a consulta registra a anamnese o exame físico as hipóteses ' +
  'diagnósticas e a conduta com segurança para o paciente e a equipe de saúde da clínica'
).split(' ');

function sentence(seed: number, length: number): string {
  return Array.from({ length }, (_, index) => WORDS[(seed * 7 + index * 3) % WORDS.length]).join(' ');
}

/** A table block as the editor writes it: header row, bold, a link and a two-line cell. */
function table(seed: number): string {
  const header = ['Exame', 'Jejum', 'Referência', 'Observação'].map((title) => `<th scope="col">${title}</th>`).join('');
  const rows = Array.from(
    { length: 6 },
    (_, row) =>
      `<tr><td><strong>${sentence(seed + row, 2)}</strong></td><td>${sentence(seed + row + 1, 3)}</td>` +
      `<td><a href="https://exemplo.com.br/exame/${seed + row}" target="_blank" rel="noopener noreferrer">${sentence(seed + row, 2)}</a></td>` +
      `<td>${sentence(seed + row + 2, 3)}<br />${sentence(seed + row + 3, 3)}</td></tr>`,
  ).join('');
  return `<table><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>`;
}

const WORDS_PER_TABLE = 2000;
const TABLE_WORDS = 4 + 6 * 13;
const WORDS_PER_PARAGRAPH = 45;

export interface ArticleShape {
  /** A table every 2,000 words. */
  tables: boolean;
  images: number;
  /** Where the photos are served from (the benchmark's server): each a different address, as different photos are. */
  imageBase: string;
}

const PLAIN: ArticleShape = { tables: false, images: 0, imageBase: '' };

/** A photo as the editor writes an image block: alt text, a width, some centred. */
function photo(shape: ArticleShape, number: number): string {
  const style = number % 3 === 0 ? ' style="text-align:center"' : '';
  return `<p${style}><img src="${shape.imageBase}/imagem-principal.png?foto=${number}" alt="Foto ${number} do atendimento" width="600" /></p>`;
}

export function longArticleHtml(targetWords = 6000, shape: ArticleShape = PLAIN): string {
  const parts: string[] = [];
  let words = 0;
  let tables = 0;
  let images = 0;
  const tableCount = shape.tables ? Math.floor(targetWords / WORDS_PER_TABLE) : 0;
  const wordsPerImage = shape.images > 0 ? targetWords / shape.images : Infinity;
  for (let index = 0; words < targetWords; index++) {
    if (tables < tableCount && words >= (tables + 0.5) * WORDS_PER_TABLE) {
      parts.push(table(index));
      tables += 1;
      words += TABLE_WORDS;
    }
    if (images < shape.images && words >= (images + 0.5) * wordsPerImage) {
      images += 1;
      parts.push(photo(shape, images));
    }
    if (index % 8 === 0) {
      parts.push(`<h2>Seção ${index / 8 + 1}: ${sentence(index, 5)}</h2>`);
      words += 7;
    }
    if (index % 11 === 5) {
      parts.push(`<ul><li>${sentence(index, 8)}</li><li>${sentence(index + 1, 8)}</li><li>${sentence(index + 2, 8)}</li></ul>`);
      words += 24;
    }
    if (index % 17 === 9) {
      parts.push(`<blockquote>${sentence(index, 20)}</blockquote>`);
      words += 20;
    }
    parts.push(
      `<p>${sentence(index, 12)} <strong>${sentence(index + 3, 4)}</strong> ${sentence(index + 5, 10)} ` +
        `<a href="https://exemplo.com.br/artigo/${index}" target="_blank" rel="noopener noreferrer">${sentence(index, 3)}</a> ` +
        `<em>${sentence(index + 7, 4)}</em> ${sentence(index + 9, 12)}.</p>`,
    );
    words += WORDS_PER_PARAGRAPH;
  }
  return parts.join('');
}
