import { describe, expect, it } from 'vitest';
import { child, parseXml } from '../../support/parse-xml.js';

describe('parseXml (test helper)', () => {
  it('reads elements, attributes, entities and CDATA', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a x="1 &amp; 2"><b>um &lt; dois</b><c/><d><![CDATA[<p>]]></d></a>\n');
    expect(root.name).toBe('a');
    expect(root.attributes.x).toBe('1 & 2');
    expect(child(root, 'b')!.text).toBe('um < dois');
    expect(child(root, 'c')!.children).toEqual([]);
    expect(child(root, 'd')!.text).toBe('<p>');
  });

  it.each([
    ['unclosed element', '<a><b></a>'],
    ['crossed tags', '<a><b><c></b></c></a>'],
    ['bare ampersand', '<a>1 & 2</a>'],
    ['unknown entity', '<a>&nbsp;</a>'],
    ['unquoted attribute', '<a x=1></a>'],
    ['repeated attribute', '<a x="1" x="2"></a>'],
    ['two roots', '<a></a><b></b>'],
    ['text after root', '<a></a>texto'],
    ['no root', '<?xml version="1.0"?>'],
  ])('refuses %s', (_name, source) => {
    expect(() => parseXml(source)).toThrow();
  });
});
