// Keeps feature slices independent: a file under `features/<a>/` (web) or `modules/<a>/` (server)
// may not import from another slice `features/<b>/` or `modules/<b>/`. Shared pieces belong in
// components/, lib/, http/, db/, chain/, read-models/ or packages/shared, and those generic
// folders may not import any slice at all (a feature that a generic part needs is passed in from
// app/ instead).
import path from 'node:path';

const SLICE = /[\\/](features|modules)[\\/]([^\\/]+)[\\/]/;
/**
 * Generic folders of the web (`src/components`, `src/lib`) and the server
 * (`src/http|db|chain|read-models`).
 */
const GENERIC = /[\\/]src[\\/](components|lib|http|db|chain|read-models)[\\/]/;
/** Which slice kind each generic folder sits beside. */
const GENERIC_KIND = {
  components: 'features',
  lib: 'features',
  http: 'modules',
  db: 'modules',
  chain: 'modules',
  'read-models': 'modules',
};

/** @param {string} file */
function sliceOf(file) {
  const m = SLICE.exec(file);
  return m ? { kind: m[1], name: m[2], root: file.slice(0, m.index) } : null;
}

/** @param {string} file */
function genericOf(file) {
  const m = GENERIC.exec(file);
  if (!m) return null;
  const folder = /** @type {keyof typeof GENERIC_KIND} */ (m[1]);
  // The root is the folder that holds src/, as for a slice (`<root>/features/...`).
  return { folder, kind: GENERIC_KIND[folder], root: file.slice(0, m.index) + path.sep + 'src' };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'forbid imports between feature folders and from generic folders into them',
    },
    messages: {
      cross:
        "'{{from}}' may not import from the '{{to}}' {{kind}} slice; move the shared piece to a common folder",
      generic:
        "'{{from}}/' is generic and may not import from the '{{to}}' {{kind}} slice; move the piece out of the slice or pass it in from app/",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = sliceOf(file);
    const generic = own ? null : genericOf(file);
    if (!own && !generic) return {};
    /** @param {import('estree').Node & { source?: { value?: unknown } | null }} node */
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = sliceOf(path.resolve(path.dirname(file), spec) + path.sep);
      if (!target) return;
      if (own && target.kind === own.kind && target.root === own.root && target.name !== own.name) {
        context.report({
          node,
          messageId: 'cross',
          data: { from: own.name, to: target.name, kind: own.kind },
        });
      }
      if (generic && target.kind === generic.kind && target.root === generic.root) {
        context.report({
          node,
          messageId: 'generic',
          data: { from: generic.folder, to: target.name, kind: target.kind },
        });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-cross-feature-imports': rule } };
