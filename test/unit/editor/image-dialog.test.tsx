// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageDialog } from '../../../src/editor/ui/image-dialog.js';

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const UPLOADED = [
  { nome: 'consultorio.jpg', url: '/assets/artigos/7/consultorio.jpg', width: 1600, height: 900 },
  { nome: 'grafico.png', url: '/assets/artigos/7/grafico.png', width: 640, height: 480 },
];

describe('image dialog with the article\'s uploaded images', () => {
  let root: ReturnType<typeof createRoot> | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('offers each uploaded image with its pixel size, and inserts the one chosen', () => {
    const onSave = vi.fn();
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(<ImageDialog uploaded={UPLOADED} onSave={onSave} onClose={() => undefined} />));
    const select = document.querySelector('select')!;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Escolha uma imagem já enviada…',
      'consultorio.jpg (1600 × 900 px)',
      'grafico.png (640 × 480 px)',
    ]);
    act(() => {
      select.value = '/assets/artigos/7/grafico.png';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => document.querySelector('form')!.requestSubmit());
    expect(onSave).toHaveBeenCalledWith({ src: '/assets/artigos/7/grafico.png', alt: '', width: 640 });
  });

  it('has no picker when nothing was uploaded', () => {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(<ImageDialog onSave={() => undefined} onClose={() => undefined} />));
    expect(document.querySelector('select')).toBeNull();
    expect(document.querySelector('dialog input')).not.toBeNull();
  });
});
