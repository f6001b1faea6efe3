/**
 * bpmn-moddle ships types for its metamodel (bpmn-moddle/types) but none for its entry point; the compiler
 * needs only this much of it and reads the elements through its own narrow view (compile.ts).
 */
declare module "bpmn-moddle" {
  export interface ModdleWarning {
    message: string;
    property?: string;
    value?: unknown;
    element?: unknown;
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: ModdleWarning[]; references: unknown[] }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
