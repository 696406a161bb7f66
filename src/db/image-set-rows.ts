import type { ImageSet, ImageVariant, VariantFormat } from '../images/image-set.js';
import { CENTRE } from '../images/focal-crop.js';
import { articleImagePath } from '../images/image-urls.js';

/** Both adapters read image sets as these rows; this turns them into the pages' ImageSet. */

export interface MasterRow {
  id: number;
  id_artigo: number;
  nome: string;
  width: number;
  height: number;
  has_alpha: boolean | number;
  animated: boolean | number;
  foco_x: number | null;
  foco_y: number | null;
}

export interface VariantRow {
  id_imagem: number;
  arquivo: string;
  papel: 'responsiva' | 'social';
  formato: VariantFormat;
  width: number;
  height: number;
  tamanho: number;
}

const FORMAT_ORDER: VariantFormat[] = ['avif', 'webp', 'jpeg', 'png', 'gif'];

function toVariant(id_artigo: number, row: VariantRow): ImageVariant {
  return {
    format: row.formato,
    width: row.width,
    height: row.height,
    url: articleImagePath(id_artigo, row.arquivo),
    bytes: row.tamanho,
  };
}

export function toImageSets(masters: MasterRow[], variants: VariantRow[]): ImageSet[] {
  const byImage = new Map<number, VariantRow[]>();
  for (const row of variants) byImage.set(row.id_imagem, [...(byImage.get(row.id_imagem) ?? []), row]);
  const sets: ImageSet[] = [];
  for (const master of masters) {
    const rows = byImage.get(master.id) ?? [];
    const social = rows.find((row) => row.papel === 'social');
    // A master without its social image was stored before the pipeline: the pages treat it as plain.
    if (!social) continue;
    sets.push({
      id: master.id,
      id_artigo: master.id_artigo,
      nome: master.nome,
      width: master.width,
      height: master.height,
      hasAlpha: Boolean(master.has_alpha),
      animated: Boolean(master.animated),
      masterUrl: articleImagePath(master.id_artigo, master.nome),
      variants: rows
        .filter((row) => row.papel === 'responsiva')
        .sort((a, b) => FORMAT_ORDER.indexOf(a.formato) - FORMAT_ORDER.indexOf(b.formato) || a.width - b.width)
        .map((row) => toVariant(master.id_artigo, row)),
      social: toVariant(master.id_artigo, social),
      focus: master.foco_x === null || master.foco_y === null ? CENTRE : { x: master.foco_x, y: master.foco_y },
    });
  }
  return sets;
}
