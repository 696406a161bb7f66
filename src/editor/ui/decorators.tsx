import { CompositeDecorator, type ContentBlock, type ContentState } from 'draft-js';
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { LINK_REL, toImageData, toLinkData, type PendingImageData } from '../entities.js';
import { BLOCK, ENTITY } from '../schema.js';
import { toTableData } from '../table-data.js';
import { TableBlock } from './table-block.js';

type Strategy = (block: ContentBlock, callback: (start: number, end: number) => void, content: ContentState) => void;

function entityStrategy(type: string): Strategy {
  return (block, callback, content) => {
    if (block.getType() === BLOCK.atomic) return;
    block.findEntityRanges((character) => {
      const key = character.getEntity();
      return key !== null && content.getEntity(key).getType() === type;
    }, callback);
  };
}

interface DecoratedProps {
  contentState: ContentState;
  entityKey: string;
  children?: ReactNode;
}

/** Only the link's own title: showing the address as a title would travel with every copy of it. */
function Link({ contentState, entityKey, children }: DecoratedProps) {
  const link = toLinkData(contentState.getEntity(entityKey).getData() as Record<string, unknown>);
  return (
    <a className="rte-link" href={link.href} title={link.title} target={link.target} rel={link.target ? LINK_REL : undefined}>
      {children}
    </a>
  );
}

/** An image inside running text: the picture, then its one placeholder character, kept for Draft's selection. */
function InlineImage({ contentState, entityKey, children }: DecoratedProps) {
  const image = toImageData(contentState.getEntity(entityKey).getData() as Record<string, unknown>);
  return (
    <span className="rte-inline-image">
      <img src={image.src} alt={image.alt} title={image.title} width={image.width} contentEditable={false} />
      <span className="rte-inline-image-char">{children}</span>
    </span>
  );
}

/** What stands for a pasted image until its upload is stored, or for another site's image until its file is sent; the article HTML leaves it out. */
const PENDING_IMAGE_LABEL = 'Imagem colada: aguardando o envio';
const REMOTE_IMAGE_LABEL = 'Imagem de outro site: envie o arquivo';

function PendingImage({ children, remote }: { children?: ReactNode; remote?: boolean }) {
  return (
    <span className={remote ? 'rte-pending-image rte-remote-image' : 'rte-pending-image'}>
      <span className="rte-pending-image-label" contentEditable={false}>
        {remote ? REMOTE_IMAGE_LABEL : PENDING_IMAGE_LABEL}
      </span>
      {children !== undefined && <span className="rte-inline-image-char">{children}</span>}
    </span>
  );
}

/** Inside running text: Draft hands a decorator its entity's key and the content. */
function PendingImageInText({ children, contentState, entityKey }: { children?: ReactNode; contentState: ContentState; entityKey: string }) {
  return <PendingImage remote={isRemote(contentState, entityKey)}>{children}</PendingImage>;
}

const isRemote = (content: ContentState, entityKey: string) => (content.getEntity(entityKey).getData() as Partial<PendingImageData>).remote === true;

export const decorator = new CompositeDecorator([
  { strategy: entityStrategy(ENTITY.link), component: Link },
  { strategy: entityStrategy(ENTITY.image), component: InlineImage },
  { strategy: entityStrategy(ENTITY.pendingImage), component: PendingImageInText },
]);

/**
 * The image block the toolbar acts on, and how a click selects one. A context, because Draft skips
 * re-rendering its blocks when only the selection moves.
 */
export interface ImageSelection {
  selectedKey: string | null;
  select(blockKey: string, figure: HTMLElement): void;
}

export const ImageSelectionContext = createContext<ImageSelection>({ selectedKey: null, select: () => {} });

/** Atomic blocks: an image, a horizontal rule or a table, not editable as text; a click on an image selects its block. */
export function AtomicBlock({ block, contentState }: { block: ContentBlock; contentState: ContentState }) {
  const { selectedKey, select } = useContext(ImageSelectionContext);
  const key = block.getEntityAt(0);
  if (!key) return null;
  const entity = contentState.getEntity(key);
  if (entity.getType() === ENTITY.rule) return <hr className="rte-rule" />;
  if (entity.getType() === ENTITY.pendingImage) return <PendingImage remote={isRemote(contentState, key)} />;
  if (entity.getType() === ENTITY.table) return <TableBlock blockKey={block.getKey()} data={toTableData(entity.getData() as Record<string, unknown>)} />;
  const image = toImageData(entity.getData() as Record<string, unknown>);
  const onMouseDown = (event: MouseEvent<HTMLImageElement>) => {
    event.preventDefault();
    const figure = event.currentTarget.closest<HTMLElement>('[data-offset-key]');
    if (figure) select(block.getKey(), figure);
  };
  const selected = selectedKey === block.getKey();
  return (
    <img
      className={selected ? 'rte-image rte-image-selected' : 'rte-image'}
      src={image.src}
      alt={image.alt}
      title={image.title}
      width={image.width}
      onMouseDown={onMouseDown}
    />
  );
}

export function blockRenderer(block: ContentBlock) {
  if (block.getType() !== BLOCK.atomic) return null;
  return { component: AtomicBlock, editable: false };
}
