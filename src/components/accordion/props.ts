import { defineProps } from "../shared/props";

/** `exclusive`: at most one item open (the browser keeps the <details> group where `name` is not supported). */
export const ACCORDION_PROPS = defineProps("accordion", { exclusive: false });
