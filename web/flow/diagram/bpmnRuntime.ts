/**
 * bpmn-js and its styles, in one module that is only ever imported dynamically (BpmnViewer loads it on
 * mount), so neither the library nor its CSS reaches the first screen's bundle.
 */
import "bpmn-js/dist/assets/diagram-js.css";
import "bpmn-js/dist/assets/bpmn-js.css";
import "bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css";
import "./diagram.css";
import NavigatedViewer from "bpmn-js/lib/NavigatedViewer";

export { NavigatedViewer };
export { addLayout, hasDiagram, mainProcess, nameFlows, renameElements } from "./autoLayout.ts";
