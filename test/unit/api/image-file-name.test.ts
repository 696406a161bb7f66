import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredImageName, uploadedImageNames } from '../../../src/api/image-file-name.js';

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
    ['Foto do consultório (1).JPG', 'jpeg', 'foto-do-consultorio-1.jpg'],
    ['foto.png', 'png', 'foto.png'],
    ['foto.jpeg', 'jpeg', 'foto.jpeg'],
    ['foto.jpg', 'png', 'foto.png'],
    ['scan.tiff', 'jpeg', 'scan.jpg'],
    ['programa.exe', 'png', 'programa.png'],
    ['sem-extensao', 'webp', 'sem-extensao.webp'],
    ['IMG_20250314_101530.jpg', 'jpeg', 'img-20250314-101530.jpg'],
    ['a\u0000b\u001f\u007f.png', 'png', 'a-b.png'],
    ['Straße & Café.gif', 'gif', 'strasse-e-cafe.gif'],
  ] as const)('uploaded %j written as %s → %j first', (requested, format, expected) => {
    expect(uploadedImageNames(requested, format)[0]).toBe(expected);
  });

  it('offers numbered names, then a random one, for a name already taken', () => {
    const names = uploadedImageNames('Capa.png', 'png');
    expect(names.slice(0, 4)).toEqual(['capa.png', 'capa-2.png', 'capa-3.png', 'capa-4.png']);
    expect(names.at(-1)).toMatch(/^capa-[0-9a-f]{8}\.png$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(['日本語.jpg', '.htaccess', '"  .jpg', '../../../', '🩺.jpg'])('gives %j a unique random name', (requested) => {
    const first = uploadedImageNames(requested, 'jpeg');
    const second = uploadedImageNames(requested, 'jpeg');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^imagem-[0-9a-f]{8}\.jpg$/);
    expect(first[0]).not.toBe(second[0]);
  });

  it('agrees with the declared name when the format matches the extension, so the article finds its image', () => {
    expect(uploadedImageNames('Capa do Artigo.PNG', 'png')[0]).toBe(declaredImageName('Capa do Artigo.PNG'));
    expect(uploadedImageNames('Foto.JPEG', 'jpeg')[0]).toBe(declaredImageName('Foto.JPEG'));
  });

  it('never yields a path, a dot-dot, a control character or an empty base, whatever the request', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('png', 'jpeg', 'webp', 'gif', 'avif'), (requested, format) => {
        for (const name of uploadedImageNames(requested, format)) {
          expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:png|jpg|jpeg|webp|gif|avif)$/);
          expect(name.length).toBeLessThanOrEqual(114);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
