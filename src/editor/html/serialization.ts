/**
 * draft-convert and React escape more characters than the server's sanitiser (sanitize-html) writes
 * back, and close void elements as "<br/>" where it writes "<br />". Rewriting our output to the
 * sanitiser's spelling makes "what the editor produces" and "what gets published" the same bytes.
 */

const TAG = /<[^>]*>/g;

export function toSanitizerSpelling(html: string): string {
  return nestListsInItems(respell(html));
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

/**
 * draft-convert writes a deeper list after the item it belongs to ("</li><ul>"), which is not valid
 * HTML; move it inside that item ("<li>a<ul>...</ul></li>"). Its list tags never carry attributes.
 */
function nestListsInItems(html: string): string {
  const out: string[] = [];
  const reopened: boolean[] = [];
  for (const token of html.split(/(<\/?(?:ul|ol|li)>)/)) {
    if (token === '') continue;
    if (token === '<ul>' || token === '<ol>') {
      const insideItem = reopened.length > 0 && out[out.length - 1] === '</li>';
      if (insideItem) out.pop();
      reopened.push(insideItem);
      out.push(token);
    } else if (token === '</ul>' || token === '</ol>') {
      out.push(token);
      if (reopened.pop()) out.push('</li>');
    } else {
      out.push(token);
    }
  }
  return out.join('');
}
