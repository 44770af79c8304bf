import ts from 'typescript';

/**
 * Finds, in source text, the calls that write a MongoDB record through its mongoose model, so a
 * test can hold each record to its one writer (api/README.md, "One owner per rule"). It reads the
 * syntax only (a type-checked program of the whole API takes most of a minute): a model is known
 * by the name it is imported as, aliases and namespace imports included, and a document by a
 * variable read from that model in the same file. What it cannot read, such as an update held in
 * a variable, counts as touching everything: a write that hides what it changes is not proven
 * harmless.
 */

export interface RecordRule {
  /** The model's exported name: 'BookingModel'. */
  model: string;
  /** The name given to mongoose.model(): 'Booking'. */
  modelName: string;
  /** Its MongoDB collection: 'bookings'. */
  collection: string;
  /** The one writer, said as a failure names it. */
  owner: string;
  /** Whether a file (relative to the repository, with '/') is, or is part of, the owner. */
  isOwner: (file: string) => boolean;
  /** The field paths only the owner writes; every field when absent. */
  ownedField?: (path: string) => boolean;
}

export interface RecordWrite {
  file: string;
  line: number;
  model: string;
  /** The call, as written: 'BookingModel.updateOne'. */
  call: string;
  /** The owned fields it writes: the paths, or '*' for every field or fields it does not show. */
  touches: string[];
  /** Who may make it (RecordRule.owner). */
  owner: string;
  /** What it writes, in words: 'status, payment.paidAt', or 'the record'. */
  what: string;
  /** True when the call is the owner's own, or touches none of the owned fields. */
  allowed: boolean;
}

/** Model methods that write whole records: a new one, a replacement, a deletion. */
const WHOLE_RECORD = new Set([
  'create',
  'insertMany',
  'insertOne',
  'replaceOne',
  'findOneAndReplace',
  'findOneAndDelete',
  'findByIdAndDelete',
  'findOneAndRemove',
  'findByIdAndRemove',
  'deleteOne',
  'deleteMany',
  'remove',
]);
/** Model methods whose second argument is the update. */
const UPDATES = new Set([
  'updateOne',
  'updateMany',
  'update',
  'findOneAndUpdate',
  'findByIdAndUpdate',
]);
/** Model methods that answer documents, which may then be changed and saved. */
const READS = new Set(['find', 'findOne', 'findById']);
/** Document methods that write the whole document (`save` writes every field it changed). */
const DOCUMENT_WHOLE = new Set(['save', 'deleteOne', 'replaceOne', 'overwrite', 'remove']);

const EVERY_FIELD = '*';

/** The expression under `await`, parentheses, `as`, `!` and `satisfies`. */
function bare(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(current) ||
      ts.isAwaitExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isNonNullExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isTypeAssertionExpression(current)
    ) {
      current = current.expression;
    } else {
      return current;
    }
  }
}

function keyOf(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) {
    return name.text;
  }
  return null;
}

/** The field paths an update names, with EVERY_FIELD for what it does not show. */
function updatedPaths(update: ts.Expression | undefined): string[] {
  if (!update) return [EVERY_FIELD];
  const node = bare(update);
  if (!ts.isObjectLiteralExpression(node)) return [EVERY_FIELD];
  const paths: string[] = [];
  for (const property of node.properties) {
    if (ts.isShorthandPropertyAssignment(property)) {
      paths.push(property.name.text);
      continue;
    }
    if (!ts.isPropertyAssignment(property)) {
      paths.push(EVERY_FIELD);
      continue;
    }
    const key = keyOf(property.name);
    if (key === null) paths.push(EVERY_FIELD);
    // An operator ($set, $push, ...): its keys are the paths. A plain key is a path ($set implied).
    else if (key.startsWith('$')) paths.push(...fieldsOf(property.initializer));
    else paths.push(key);
  }
  return paths;
}

function fieldsOf(value: ts.Expression): string[] {
  const node = bare(value);
  if (!ts.isObjectLiteralExpression(node)) return [EVERY_FIELD];
  return node.properties.map((property) => {
    if (ts.isShorthandPropertyAssignment(property)) return property.name.text;
    if (!ts.isPropertyAssignment(property)) return EVERY_FIELD;
    return keyOf(property.name) ?? EVERY_FIELD;
  });
}

/** The paths a bulkWrite's operations touch: updates by their update, anything else wholly. */
function bulkPaths(operations: ts.Expression | undefined): string[] {
  if (!operations) return [EVERY_FIELD];
  const list = bare(operations);
  if (!ts.isArrayLiteralExpression(list)) return [EVERY_FIELD];
  return list.elements.flatMap((element) => {
    const operation = ts.isSpreadElement(element) ? null : bare(element);
    if (!operation || !ts.isObjectLiteralExpression(operation)) return [EVERY_FIELD];
    return operation.properties.flatMap((property) => {
      if (!ts.isPropertyAssignment(property)) return [EVERY_FIELD];
      const kind = keyOf(property.name);
      const body = bare(property.initializer);
      if ((kind !== 'updateOne' && kind !== 'updateMany') || !ts.isObjectLiteralExpression(body)) {
        return [EVERY_FIELD];
      }
      const update = body.properties.find(
        (part) => ts.isPropertyAssignment(part) && keyOf(part.name) === 'update',
      );
      return update && ts.isPropertyAssignment(update)
        ? updatedPaths(update.initializer)
        : [EVERY_FIELD];
    });
  });
}

/** Scans one file for writes of the rules' records. */
function writesIn(file: string, text: string, rules: RecordRule[]): RecordWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const byLocalName = new Map<string, RecordRule>(rules.map((rule) => [rule.model, rule]));
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    const bindings = ts.isImportDeclaration(statement)
      ? statement.importClause?.namedBindings
      : undefined;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else {
      for (const element of bindings.elements) {
        const rule = rules.find((r) => r.model === (element.propertyName ?? element.name).text);
        if (rule) byLocalName.set(element.name.text, rule);
      }
    }
  }

  /** The rule of a model reached by `node`: by its name, through a namespace, or raw. */
  const modelOf = (node: ts.Expression): RecordRule | undefined => {
    const expression = bare(node);
    if (ts.isIdentifier(expression)) return byLocalName.get(expression.text);
    if (ts.isPropertyAccessExpression(expression)) {
      const { name } = expression;
      const target = bare(expression.expression);
      if (ts.isIdentifier(target) && namespaces.has(target.text)) {
        return rules.find((rule) => rule.model === name.text);
      }
      // The driver's collection under the model: BookingModel.collection.updateOne(...).
      if (name.text === 'collection') return modelOf(target);
    }
    // A collection or a model fetched by its name: db.collection('bookings'), model('Booking').
    if (ts.isCallExpression(expression) && ts.isPropertyAccessExpression(expression.expression)) {
      const method = expression.expression.name.text;
      const [first] = expression.arguments;
      if (first && ts.isStringLiteralLike(first)) {
        if (method === 'collection') return rules.find((rule) => rule.collection === first.text);
        if (method === 'model') return rules.find((rule) => rule.modelName === first.text);
      }
    }
    return undefined;
  };

  /** Documents read from, or made with, a model: a call chain rooted at it, or `new Model()`. */
  const documentOf = (node: ts.Expression): RecordRule | undefined => {
    const expression = bare(node);
    if (ts.isConditionalExpression(expression)) {
      return documentOf(expression.whenTrue) ?? documentOf(expression.whenFalse);
    }
    if (ts.isNewExpression(expression)) return modelOf(expression.expression);
    let call: ts.Expression = expression;
    while (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression)) {
      const { expression: receiver, name } = call.expression;
      const rule = modelOf(receiver);
      if (rule) return READS.has(name.text) || UPDATES.has(name.text) ? rule : undefined;
      call = bare(receiver);
    }
    return undefined;
  };

  const documents = new Map<string, RecordRule>();
  const collectDocuments = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const rule = documentOf(node.initializer);
      if (rule) documents.set(node.name.text, rule);
    }
    // for (const visit of visits): each of a list of documents is one.
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const list = bare(node.expression);
      const rule = ts.isIdentifier(list) ? documents.get(list.text) : documentOf(list);
      const [declaration] = node.initializer.declarations;
      if (rule && declaration && ts.isIdentifier(declaration.name)) {
        documents.set(declaration.name.text, rule);
      }
    }
    ts.forEachChild(node, collectDocuments);
  };
  collectDocuments(source);

  const documentRule = (node: ts.Expression): RecordRule | undefined => {
    const expression = bare(node);
    return ts.isIdentifier(expression) ? documents.get(expression.text) : undefined;
  };

  const writes: RecordWrite[] = [];
  const record = (node: ts.Node, rule: RecordRule, call: string, paths: string[]) => {
    const touches = rule.ownedField
      ? [...new Set(paths.filter((path) => path === EVERY_FIELD || rule.ownedField?.(path)))]
      : [EVERY_FIELD];
    const what = !rule.ownedField
      ? 'the record'
      : touches.includes(EVERY_FIELD)
        ? 'what it does not show'
        : touches.join(', ');
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    writes.push({
      file,
      line: line + 1,
      model: rule.model,
      call,
      touches,
      owner: rule.owner,
      what,
      allowed: rule.isOwner(file) || touches.length === 0,
    });
  };

  /** The path a property access names from a document down: booking.payment.intentId. */
  const assignedPath = (target: ts.Expression): { rule: RecordRule; path: string } | undefined => {
    const parts: string[] = [];
    let node = bare(target);
    while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      if (ts.isPropertyAccessExpression(node)) parts.unshift(node.name.text);
      else {
        const key = node.argumentExpression;
        parts.unshift(ts.isStringLiteralLike(key) ? key.text : EVERY_FIELD);
      }
      node = bare(node.expression);
    }
    const rule = parts.length > 0 ? documentRule(node) : undefined;
    return rule ? { rule, path: parts.join('.') } : undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: receiver, name } = node.expression;
      const method = name.text;
      const call = `${receiver.getText(source)}.${method}`;
      const model = modelOf(receiver);
      if (model) {
        if (WHOLE_RECORD.has(method)) record(node, model, call, [EVERY_FIELD]);
        else if (UPDATES.has(method)) record(node, model, call, updatedPaths(node.arguments[1]));
        else if (method === 'bulkWrite') record(node, model, call, bulkPaths(node.arguments[0]));
      }
      const document = documentRule(receiver);
      if (document) {
        if (DOCUMENT_WHOLE.has(method)) record(node, document, call, [EVERY_FIELD]);
        else if (method === 'updateOne') {
          record(node, document, call, updatedPaths(node.arguments[0]));
        } else if (method === 'set' || method === '$set') {
          const [first] = node.arguments;
          const paths = first && ts.isStringLiteralLike(first) ? [first.text] : updatedPaths(first);
          record(node, document, call, paths);
        }
      }
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      const assigned = assignedPath(node.left);
      if (assigned) record(node, assigned.rule, node.left.getText(source), [assigned.path]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** Every write of the rules' records in `files` (paths relative to the repository, with '/'). */
export function recordWrites(
  files: { path: string; text: string }[],
  rules: RecordRule[],
): RecordWrite[] {
  return files.flatMap((file) => writesIn(file.path, file.text, rules));
}

/**
 * A write as a failure lists it: 'api/src/x.ts:12 BookingModel.updateOne writes status (only the
 * booking lifecycle may)'.
 */
export function describeWrite(write: RecordWrite): string {
  return `${write.file}:${String(write.line)} ${write.call} writes ${write.what} (only ${write.owner} may)`;
}
