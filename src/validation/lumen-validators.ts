/**
 * The validators that are Lumen's own, not Nette's, each under the name of a Nette custom validator:
 * EAN-13 (ean13.ts), the check of the voucher codes that staff type. The engine's table (validators.ts)
 * includes them; the kit for other servers leaves them out (build/kit.config.ts swaps this module for
 * lumen-validators-none.ts), as a host adds its own through `Nette.validators`.
 */
import { EAN13, isEan13 } from "./ean13";
import { validatorName } from "./rules";
import type { Validator } from "./validators";

export const lumenValidators: Record<string, Validator> = {
	// Text or a number (after `integer`); a list is not a code.
	[validatorName(EAN13)]: (value) => !Array.isArray(value) && isEan13(String(value)),
};
