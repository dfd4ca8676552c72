/** The parse tree of a Go text/template, as text/template/parse names its nodes. */
export type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'action'; readonly pipe: Pipe }
  | ControlNode
  | { readonly kind: 'template'; readonly name: string; readonly pipe: Pipe | undefined }
  | { readonly kind: 'break' }
  | { readonly kind: 'continue' };

export interface ControlNode {
  readonly kind: 'if' | 'range' | 'with';
  readonly pipe: Pipe;
  readonly list: readonly Node[];
  readonly elseList: readonly Node[] | undefined;
}

export interface Pipe {
  /** Variables declared (`$x :=`) or assigned (`$x =`) by this pipeline. */
  readonly decl: readonly string[];
  readonly isAssign: boolean;
  readonly cmds: readonly Command[];
}

export interface Command {
  readonly args: readonly Arg[];
}

export type Arg =
  | { readonly kind: 'field'; readonly path: readonly string[] }
  | { readonly kind: 'variable'; readonly name: string; readonly path: readonly string[] }
  | { readonly kind: 'dot' }
  | { readonly kind: 'nil' }
  | { readonly kind: 'literal'; readonly value: string | number | bigint | boolean }
  | { readonly kind: 'ident'; readonly name: string }
  | { readonly kind: 'pipe'; readonly pipe: Pipe }
  | { readonly kind: 'chain'; readonly base: Arg; readonly path: readonly string[] };

/** A parsed template: its main body and the templates it defines by name. */
export interface Tree {
  readonly root: readonly Node[];
  readonly defines: ReadonlyMap<string, readonly Node[]>;
}
