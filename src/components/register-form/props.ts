import { defineProps } from "../shared/props";

/** `waiting`: shown while a submission waits for the bot check. */
export const REGISTER_FORM_PROPS = defineProps("register-form", { waiting: "" });
