/**
 * draft-convert and React escape more characters than the server's sanitiser (sanitize-html) writes
 * back, and close void elements as "<br/>" where it writes "<br />". Rewriting our output to the
 * sanitiser's spelling makes "what the editor produces" and "what gets published" the same bytes.
 */

import { repairNesting } from './repair-nesting.js';

const TAG = /<[^>]*>/g;

export function toSanitizerSpelling(html: string): string {
  return buildLists(repairNesting(respell(html)));
}

function respell(html: string): string {
  let result = '';
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    result += normalizeText(html.slice(last, match.index));
    result += normalizeTag(match[0]);
    last = match.index + match[0].length;
  }
  return result + normalizeText(html.slice(last));
}

function normalizeText(text: string): string {
  return text.replace(/&#x27;/g, "'").replace(/&#x60;/g, '`').replace(/&quot;/g, '"');
}

function normalizeTag(tag: string): string {
  return tag.replace(/&#x27;/g, "'").replace(/\s*\/>$/, ' />');
}

/** How export-html marks a list item for buildLists: draft-convert's own list nesting is unreliable. */
export function listItemStart(tag: 'ul' | 'ol', depth: number): string {
  return `<li data-list="${tag}:${depth}">`;
}

const MARKED_ITEM = /<li data-list="(ul|ol):(\d+)">([\s\S]*?)<\/li>/g;

/**
 * Turns runs of marked list items into nested lists, each deeper list inside the item it follows
 * (<li>a<ul><li>b</li></ul></li>). A level can only be one deeper than the item before it.
 */
function buildLists(html: string): string {
  let out = '';
  let last = 0;
  const open: string[] = [];
  const closeAll = () => {
    while (open.length > 0) out += `</li></${open.pop()}>`;
  };
  for (const match of html.matchAll(MARKED_ITEM)) {
    if (match.index !== last) {
      closeAll();
      out += html.slice(last, match.index);
    }
    const tag = match[1]!;
    const depth = Math.min(Number(match[2]), open.length);
    while (open.length > depth + 1) out += `</li></${open.pop()}>`;
    if (open.length === depth + 1) {
      if (open[depth] === tag) {
        out += '</li>';
      } else {
        out += `</li></${open.pop()}><${tag}>`;
        open.push(tag);
      }
    } else {
      out += `<${tag}>`;
      open.push(tag);
    }
    out += `<li>${match[3]}`;
    last = match.index + match[0].length;
  }
  closeAll();
  return out + html.slice(last);
}
