import { CompositeDecorator, type ContentBlock, type ContentState } from 'draft-js';
import type { ReactNode } from 'react';
import { toImageData, toLinkData } from '../entities.js';
import { ENTITY } from '../schema.js';

function findLinks(block: ContentBlock, callback: (start: number, end: number) => void, content: ContentState) {
  block.findEntityRanges((character) => {
    const key = character.getEntity();
    return key !== null && content.getEntity(key).getType() === ENTITY.link;
  }, callback);
}

function Link({ contentState, entityKey, children }: { contentState: ContentState; entityKey: string; children?: ReactNode }) {
  const link = toLinkData(contentState.getEntity(entityKey).getData() as Record<string, unknown>);
  return (
    <a className="rte-link" href={link.href} title={link.title ?? link.href}>
      {children}
    </a>
  );
}

export const decorator = new CompositeDecorator([{ strategy: findLinks, component: Link }]);

/** Atomic blocks: an image or a horizontal rule, not editable as text. */
export function AtomicBlock({ block, contentState }: { block: ContentBlock; contentState: ContentState }) {
  const key = block.getEntityAt(0);
  if (!key) return null;
  const entity = contentState.getEntity(key);
  if (entity.getType() === ENTITY.rule) return <hr className="rte-rule" />;
  const image = toImageData(entity.getData() as Record<string, unknown>);
  return <img className="rte-image" src={image.src} alt={image.alt} title={image.title} width={image.width} />;
}

export function blockRenderer(block: ContentBlock) {
  if (block.getType() !== 'atomic') return null;
  return { component: AtomicBlock, editable: false };
}
