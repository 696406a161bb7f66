import fc from 'fast-check';

/** Arbitrary HTML fragments biased towards what attackers and careless pastes send. */

const TAGS = [
  'p', 'h1', 'h3', 'blockquote', 'pre', 'code', 'ol', 'ul', 'li', 'a', 'img', 'strong', 'em', 'u', 's', 'sup', 'sub',
  'span', 'br', 'hr', 'script', 'style', 'iframe', 'svg', 'math', 'object', 'embed', 'form', 'input', 'textarea',
  'noscript', 'template', 'xmp', 'div', 'table', 'td', 'base', 'meta', 'link', 'body', 'ScRiPt', 'select', 'option',
];
const ATTRIBUTES = [
  'href', 'src', 'style', 'onclick', 'onerror', 'OnLoad', 'onmouseover', 'title', 'target', 'srcdoc', 'formaction',
  'xlink:href', 'width', 'start', 'alt', 'rel', 'class', 'id', 'data-x', 'action', 'background', 'poster',
];
const VALUES = [
  'javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)',
  'jav&#x0A;ascript:alert(1)', 'javascript&colon;alert(1)', 'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)', 'https://exemplo.com.br/página', '/assets/artigos/1/capa.png', '//evil.example/x.png',
  'mailto:contato@exemplo.com.br', 'tel:+5511912345678', 'color:red', 'color: #ff0000; background-color: yellow',
  'text-align:center', 'margin-left:80px', 'margin-left:81px', 'width:expression(alert(1))',
  'background:url(javascript:alert(1))', 'color:red;position:fixed', '_blank', '_top', '600', '-1', '"><script>alert(1)</script>',
  "'onmouseover='alert(1)", 'x" onerror="alert(1)',
];

const attribute = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 12 })), fc.constantFrom('"', "'", ''))
  .map(([name, value, quote]) => ` ${name}=${quote}${quote ? value.replaceAll(quote, '') : value.replace(/[\s>]/g, '')}${quote}`);

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('Olá, doutora!', '&amp; &lt;b&gt;', '<!-- comentário -->', '<![CDATA[x]]>', '</p>', '<', '&', '"', "d'água"),
);

export const hostileHtml: fc.Arbitrary<string> = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc
      .tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 3 }), tie('nodes'), fc.boolean())
      .map(([tag, attrs, children, closed]) => `<${tag}${attrs.join('')}>${children}${closed ? `</${tag}>` : ''}`),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((parts) => parts.join('')),
})).nodes;
