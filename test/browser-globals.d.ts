/*
 * What the browser code declares on the page's globals (window.Nette, the runtime's handle, the typed
 * events of the runtime and the components), which tests read in page.evaluate. This project sees
 * src/browser through its declaration files, which bring in a module only where its types are used, so
 * the declaring modules are named here.
 */
import type {} from "../src/browser/ajax/ajax";
import type {} from "../src/browser/ajax/snippets";
import type {} from "../src/browser/component-loader";
import type {} from "../src/browser/forms/nette-global";
import type {} from "../src/browser/main";
import type {} from "../src/components/shared/modal-events";
import type {} from "../src/components/shared/navigation-events";
