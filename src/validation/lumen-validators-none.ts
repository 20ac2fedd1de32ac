/** The kit's stand-in for lumen-validators.ts (build/kit.config.ts): the engine with Nette's validators only. */
import type { Validator } from "./validators";

export const lumenValidators: Record<string, Validator> = {};
