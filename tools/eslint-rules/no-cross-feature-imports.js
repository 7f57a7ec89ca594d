// Keeps feature slices independent: a file under `features/<a>/` (web) or `modules/<a>/` (server)
// may not import from another slice `features/<b>/` or `modules/<b>/`. Shared pieces belong in
// components/, lib/, http/, db/, chain/ or packages/shared.
import path from 'node:path';

const SLICE = /[\\/](features|modules)[\\/]([^\\/]+)[\\/]/;

/** @param {string} file */
function sliceOf(file) {
  const m = SLICE.exec(file);
  return m ? { kind: m[1], name: m[2], root: file.slice(0, m.index) } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports between feature folders' },
    messages: {
      cross:
        "'{{from}}' may not import from the '{{to}}' {{kind}} slice; move the shared piece to a common folder",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const found = sliceOf(file);
    if (!found) return {};
    const own = found;
    /** @param {import('estree').Node & { source?: { value?: unknown } | null }} node */
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = sliceOf(path.resolve(path.dirname(file), spec) + path.sep);
      if (
        target &&
        target.kind === own.kind &&
        target.root === own.root &&
        target.name !== own.name
      ) {
        context.report({
          node,
          messageId: 'cross',
          data: { from: own.name, to: target.name, kind: own.kind },
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
