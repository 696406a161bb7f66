import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredImageName, uploadedImageName } from '../../src/api/image-file-name.js';

describe('image file names', () => {
  it.each([
    ['Capa do Artigo.PNG', 'capa-do-artigo.png'],
    ['foto.jpeg', 'foto.jpeg'],
    ['../../etc/foto.webp', 'foto.webp'],
    ['C:\\Users\\Ana\\Exame Raio-X.avif', 'exame-raio-x.avif'],
    ['.gif', 'imagem.gif'],
    ['foto.exe', null],
    ['foto', null],
    ['foto.svg', null],
  ])('declared %j → %j', (requested, expected) => {
    expect(declaredImageName(requested)).toBe(expected);
  });

  it.each([
    ['foto.png', 'png', 'foto.png'],
    ['foto.JPG', 'jpg', 'foto.jpg'],
    ['foto.jpeg', 'jpg', 'foto.jpeg'],
    ['foto.jpg', 'png', 'foto.png'],
    ['programa.exe', 'png', 'programa.png'],
    ['sem-extensao', 'webp', 'sem-extensao.webp'],
    ['../../../', 'gif', 'imagem.gif'],
    ['a\u0000b\u001f\u007f.png', 'png', 'a-b.png'],
  ] as const)('uploaded %j as %s → %j', (requested, kind, expected) => {
    expect(uploadedImageName(requested, kind)).toBe(expected);
  });

  it('agrees with the declared name when the bytes match the extension, so the article finds its image', () => {
    expect(uploadedImageName('Capa do Artigo.PNG', 'png')).toBe(declaredImageName('Capa do Artigo.PNG'));
  });

  it('never yields a path, a dot-dot, a control character or an empty base, whatever the request', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('png', 'jpg', 'webp', 'gif', 'avif'), (requested, kind) => {
        const name = uploadedImageName(requested, kind);
        expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:png|jpg|jpeg|webp|gif|avif)$/);
        expect(name.length).toBeLessThanOrEqual(105);
      }),
      { numRuns: 1000 },
    );
  });
});
