import { JSDOM } from 'jsdom';
import createDOMPurify, { type DOMPurify } from 'dompurify';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements removed with their content on top of DOMPurify's own SVG rules. */
const FORBID_TAGS = [
  'script',
  'foreignObject',
  'style',
  'a',
  'iframe',
  'animate',
  'set',
  'animateMotion',
  'animateTransform',
  'animateColor',
  'use',
];

let instance: { window: JSDOM['window']; purify: DOMPurify } | undefined;

function sanitizer() {
  if (instance) return instance;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  // No external references: links only to fragments of the same file or inline raster data.
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name === 'href' || name.endsWith(':href') || name === 'src') {
      const internal =
        value.startsWith('#') || /^data:image\/(png|jpeg|gif);base64,[a-z0-9+/=\s]*$/i.test(value);
      if (!internal) data.keepAttr = false;
    }
    // Every url(...) must point inside the file (url(#id)).
    if (/url\s*\(\s*(?!['"]?#)/i.test(value)) data.keepAttr = false;
    if (/@import|expression\s*\(/i.test(value)) data.keepAttr = false;
  });
  instance = { window, purify };
  return instance;
}

/**
 * The server calls this in the SVG worker only (svg-worker.ts): parsing and sanitising are
 * synchronous and their cost grows with the file, so they never run on its main thread (the admin
 * CLI, a process of its own, calls it directly).
 *
 * Parses an SVG as XML and returns it sanitised (scripts, event handlers, foreign objects, styles
 * sheets, links and external references removed), or null when it is not a well-formed SVG.
 */
export function sanitizeSvg(bytes: Buffer): Buffer | null {
  const { window, purify } = sanitizer();
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (
    doc.getElementsByTagName('parsererror').length > 0 ||
    !root ||
    root.localName !== 'svg' ||
    root.namespaceURI !== SVG_NS
  ) {
    return null;
  }
  purify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS,
    ALLOW_DATA_ATTR: false,
  });
  const out = new window.XMLSerializer().serializeToString(root);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${out}\n`, 'utf8');
}
