import type { PictureSet } from '../images/image-set.js';
import { pictureSources } from '../images/picture-sources.js';

export interface ResponsivePictureProps {
  set: PictureSet;
  sizes: string;
  alt: string;
  className?: string;
  /** Candidates wider than this are not offered (cards). */
  maxWidth?: number;
  /** The largest paint of the page: loaded at once, before other images. */
  priority?: boolean;
  lazy?: boolean;
  /** Drawn narrower than the column (an editor's `width`): the height follows the image's ratio. */
  displayWidth?: number;
  title?: string;
}

/** React 18 does not know fetchPriority; the lowercase attribute passes through as is. */
const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;

const round = (percent: number) => Math.round(percent * 10) / 10;

/** AVIF and WebP for the browsers that take them, the JPEG/PNG fallback for the rest, all responsive. */
export function ResponsivePicture(props: ResponsivePictureProps) {
  const { set, sizes, alt, className, maxWidth, priority = false, lazy = false, displayWidth, title } = props;
  // A card crops its photo (object-fit: cover): around the focal point rather than the centre.
  const focus = set.focus && (set.focus.x !== 0.5 || set.focus.y !== 0.5) ? { objectPosition: `${round(set.focus.x * 100)}% ${round(set.focus.y * 100)}%` } : undefined;
  const picture = pictureSources(set, maxWidth);
  const width = displayWidth ?? picture.width;
  const height = displayWidth ? Math.max(1, Math.round((displayWidth * picture.height) / picture.width)) : picture.height;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={className}
        src={picture.src}
        srcSet={picture.srcSet || undefined}
        sizes={picture.srcSet ? sizes : undefined}
        width={width}
        height={height}
        alt={alt}
        title={title}
        style={focus}
        loading={lazy ? 'lazy' : 'eager'}
        decoding={priority ? undefined : 'async'}
        {...(priority ? HIGH_PRIORITY : {})}
      />
    </picture>
  );
}
