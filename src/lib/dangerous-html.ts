import sanitizeHtml from 'sanitize-html';

/**
 * Finds what in submitted article HTML could run code: the sanitiser would remove it anyway, but a
 * request that carries it is an attack, not formatting, and is refused as a whole. Harmless extras
 * (classes, divs, fonts from a word processor) are left for the sanitiser to reduce quietly.
 */

const DANGEROUS_TAGS = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link',
  'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'template', 'noscript', 'xmp',
  'plaintext', 'noembed', 'portal',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'lowsrc', 'dynsrc', 'cite']);
const SCRIPT_URL = /^(?:javascript|vbscript|livescript|mocha):|^data:(?!image\/(?:png|jpeg|gif|webp|avif)[;,])/;
const SCRIPT_STYLE = /expression\(|javascript:|vbscript:|url\(|behavior:|-moz-binding/;
// eslint-disable-next-line no-control-regex -- the control characters are what this strips
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g;

function compact(value: string): string {
  return value.replace(INVISIBLE, '').toLowerCase();
}

/** A short description of each dangerous construct found; empty when there is none. */
export function findDangerousHtml(html: string): string[] {
  const found: string[] = [];
  // sanitize-html's parser (htmlparser2, entities decoded) visits every element with all its attributes.
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // Otherwise the parser drops script URLs before we get to see them.
    allowedSchemesAppliedToAttributes: [],
    exclusiveFilter(frame) {
      if (DANGEROUS_TAGS.has(frame.tag)) found.push(`<${frame.tag}>`);
      for (const [name, value] of Object.entries(frame.attribs)) {
        const attribute = name.toLowerCase();
        if (attribute.startsWith('on')) found.push(`${attribute}=`);
        else if (attribute === 'srcdoc') found.push('srcdoc=');
        else if (URL_ATTRIBUTES.has(attribute) && SCRIPT_URL.test(compact(value))) found.push(`${attribute}=${compact(value).slice(0, 20)}`);
        else if (attribute === 'style' && SCRIPT_STYLE.test(compact(value))) found.push('style=');
      }
      return false;
    },
  });
  return found;
}
