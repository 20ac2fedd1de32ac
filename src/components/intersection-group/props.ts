import { defineProps } from "../shared/props";

/** `stagger`: milliseconds between two children revealed together. */
export const INTERSECTION_GROUP_PROPS = defineProps("intersection-group", { stagger: 90 });
