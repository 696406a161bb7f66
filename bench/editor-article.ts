/**
 * A long article (about 6,000 words) written the way editors write: headings every few paragraphs,
 * marks, links, lists and a quote. Used by the editor benchmark.
 */
const WORDS = (
  'o prontuário eletrônico organiza a consulta registra a anamnese o exame físico as hipóteses ' +
  'diagnósticas e a conduta com segurança para o paciente e a equipe de saúde da clínica'
).split(' ');

function sentence(seed: number, length: number): string {
  return Array.from({ length }, (_, index) => WORDS[(seed * 7 + index * 3) % WORDS.length]).join(' ');
}

export function longArticleHtml(targetWords = 6000): string {
  const parts: string[] = [];
  let words = 0;
  for (let index = 0; words < targetWords; index++) {
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
    words += 45;
  }
  return parts.join('');
}
