/**
 * Forms on the server: reading and validating a submission (readForm) with the definition a page
 * rendered. Defining and rendering forms is src/forms, re-exported here for the routes.
 */

export * from "../../forms";
export { type FormBody, formRoute } from "./route";
export {
	readEntries,
	readForm,
	type Submission,
	serverControls,
	validateSubmission,
	withErrors,
} from "./submission";
