/**
 * The API reference: one HTML page drawn from the served OpenAPI document (its operations, parameters,
 * answers and schemas) and the problem kinds, with no script. Its few styles are inline under the
 * response's CSP nonce.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PROBLEMS } from "./problem";

type Json = Record<string, unknown>;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1f1a17;background:#fffaf5}
main{max-width:60rem;margin:0 auto;padding:1rem 1.25rem 3rem}
h1,h2,h3{line-height:1.2}h2{margin-top:2.5rem;border-bottom:1px solid #d8cfc6}
code,pre{font:14px/1.4 ui-monospace,monospace;background:#f1ebe4;border-radius:4px}
code{padding:0 .2em}pre{padding:.75rem;overflow:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
th,td{border:1px solid #d8cfc6;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f1ebe4}a{color:#7a3b12}
.op{border-left:4px solid #7a3b12;padding-left:1rem;margin:2rem 0}
`;

const asObject = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A schema in a few words: its type or the component it names, with its constraints. */
function describeSchema(schema: Json): ReactNode {
	const ref = text(schema.$ref);
	if (ref) {
		const name = ref.split("/").pop() ?? ref;
		return <a href={`#schema-${name}`}>{name}</a>;
	}
	const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
	if (Array.isArray(choices)) {
		return choices.map((choice, index) => (
			<span key={String(index)}>
				{index > 0 && " or "}
				{describeSchema(asObject(choice))}
			</span>
		));
	}
	const type = Array.isArray(schema.type) ? schema.type.join(" or ") : text(schema.type) || "any";
	const facts = [
		schema.format && `format ${String(schema.format)}`,
		schema.pattern && `pattern ${String(schema.pattern)}`,
		schema.enum && `one of ${(schema.enum as unknown[]).map(String).join(", ")}`,
		schema.const !== undefined && `always ${String(schema.const)}`,
		schema.minLength !== undefined &&
			`${String(schema.minLength)}–${String(schema.maxLength ?? "…")} characters`,
	].filter(Boolean);
	return (
		<>
			<code>{type}</code>
			{facts.length > 0 && ` (${facts.join("; ")})`}
		</>
	);
}

function PropertiesTable({ schema, caption }: { schema: Json; caption: string }) {
	const properties = Object.entries(asObject(schema.properties));
	const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
	if (properties.length === 0) return null;
	return (
		<table>
			<caption>{caption}</caption>
			<thead>
				<tr>
					<th scope="col">field</th>
					<th scope="col">type</th>
					<th scope="col">required</th>
					<th scope="col">meaning</th>
				</tr>
			</thead>
			<tbody>
				{properties.map(([name, property]) => (
					<tr key={name}>
						<th scope="row">
							<code>{name}</code>
						</th>
						<td>{describeSchema(asObject(property))}</td>
						<td>{required.has(name) ? "yes" : "no"}</td>
						<td>{text(asObject(property).description)}</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}

function Operation({ method, path, operation }: { method: string; path: string; operation: Json }) {
	const id = text(operation.operationId) || `${method}-${path}`;
	const parameters = (operation.parameters as Json[] | undefined) ?? [];
	const body = asObject(asObject(asObject(operation.requestBody).content)["application/json"]).schema;
	const responses = Object.entries(asObject(operation.responses));
	return (
		<section className="op" aria-labelledby={`op-${id}`}>
			<h3 id={`op-${id}`}>
				<code>
					{method.toUpperCase()} {path}
				</code>{" "}
				– {text(operation.summary)}
			</h3>
			<p>{text(operation.description)}</p>
			{parameters.length > 0 && (
				<table>
					<caption>Parameters</caption>
					<thead>
						<tr>
							<th scope="col">name</th>
							<th scope="col">in</th>
							<th scope="col">type</th>
							<th scope="col">meaning</th>
						</tr>
					</thead>
					<tbody>
						{parameters.map((parameter) => (
							<tr key={`${text(parameter.in)}-${text(parameter.name)}`}>
								<th scope="row">
									<code>{text(parameter.name)}</code>
									{parameter.required === true && " (required)"}
								</th>
								<td>{text(parameter.in)}</td>
								<td>{describeSchema(asObject(parameter.schema))}</td>
								<td>{text(parameter.description) || text(asObject(parameter.schema).description)}</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			{body !== undefined && <PropertiesTable schema={asObject(body)} caption="JSON body" />}
			<table>
				<caption>Answers</caption>
				<thead>
					<tr>
						<th scope="col">status</th>
						<th scope="col">body</th>
						<th scope="col">when</th>
					</tr>
				</thead>
				<tbody>
					{responses.map(([status, response]) => {
						const content = Object.entries(asObject(asObject(response).content));
						return (
							<tr key={status}>
								<th scope="row">{status}</th>
								<td>
									{content.map(([type, media]) => (
										<span key={type}>
											<code>{type}</code>: {describeSchema(asObject(asObject(media).schema))}
										</span>
									))}
								</td>
								<td>{text(asObject(response).description)}</td>
							</tr>
						);
					})}
				</tbody>
			</table>
		</section>
	);
}

function Reference({ document, openapiUrl }: { document: Json; openapiUrl: string }) {
	const info = asObject(document.info);
	const paths = Object.entries(asObject(document.paths));
	const schemas = Object.entries(asObject(asObject(document.components).schemas));
	return (
		<main id="main">
			<h1>{text(info.title)}</h1>
			<p>
				Version {text(info.version)}. {text(info.description)}
			</p>
			<p>
				The machine-readable description: <a href={openapiUrl}>OpenAPI 3.1 document</a>.
			</p>
			<nav aria-label="Contents">
				<ul>
					<li>
						<a href="#using">Using the API</a>
					</li>
					<li>
						<a href="#operations">Operations</a>
					</li>
					<li>
						<a href="#schemas">Schemas</a>
					</li>
					<li>
						<a href="#problems">Problems (errors)</a>
					</li>
				</ul>
			</nav>
			<h2 id="using">Using the API</h2>
			<ul>
				<li>
					<strong>Authentication</strong>: every call sends <code>Authorization: Bearer &lt;key&gt;</code>. A
					key covers the chain's stores it was issued for; without a valid key the answer is 401.
				</li>
				<li>
					<strong>Idempotency</strong>: every POST and DELETE sends an <code>Idempotency-Key</code> (a new
					UUID per operation). A retry with the same key and the same request gets the first answer again,
					status and body, with <code>Idempotent-Replayed: true</code>; it never redeems twice. Answers are
					kept 24 hours. The same key with another request is refused (422,{" "}
					<a href="#problem-idempotency-key-reused">idempotency-key-reused</a>
					). Answers given before the voucher is looked at (400, 401, 403 for the body's store, 429, 5xx) are
					not kept: retry them with the same key.
				</li>
				<li>
					<strong>Retries</strong>: on a timeout, a lost connection, 429 (after <code>Retry-After</code>{" "}
					seconds) or a 5xx, send the same request with the same key again.
				</li>
				<li>
					<strong>Rate limit</strong>: each key has its own number of requests per minute; past it the answer
					is 429 with <code>Retry-After</code>.
				</li>
			</ul>
			<h2 id="operations">Operations</h2>
			{paths.flatMap(([path, item]) =>
				METHODS.filter((method) => asObject(item)[method]).map((method) => (
					<Operation
						key={`${method} ${path}`}
						method={method}
						path={path}
						operation={asObject(asObject(item)[method])}
					/>
				)),
			)}
			<h2 id="schemas">Schemas</h2>
			{schemas.map(([name, schema]) => (
				<section key={name} aria-labelledby={`schema-${name}`}>
					<h3 id={`schema-${name}`}>{name}</h3>
					<p>{text(asObject(schema).description)}</p>
					<PropertiesTable schema={asObject(schema)} caption={`${name} fields`} />
				</section>
			))}
			<h2 id="problems">Problems (errors)</h2>
			<p>
				Every error is <code>application/problem+json</code> (RFC 9457), a{" "}
				<a href="#schema-Problem">Problem</a>. Its <code>type</code> is the address of its row here.
			</p>
			<table>
				<caption>Problem types</caption>
				<thead>
					<tr>
						<th scope="col">type</th>
						<th scope="col">status</th>
						<th scope="col">meaning</th>
					</tr>
				</thead>
				<tbody>
					{Object.entries(PROBLEMS).map(([kind, problem]) => (
						<tr key={kind} id={`problem-${kind}`}>
							<th scope="row">
								<code>{kind}</code>
							</th>
							<td>{problem.status}</td>
							<td>
								{problem.title}. {problem.text}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</main>
	);
}

/** The page's HTML, with its styles under `nonce` (none where no CSP applies: development). */
export function referencePage(
	document: Json,
	options: { openapiUrl: string; nonce?: string | undefined },
): string {
	const title = `${text(asObject(document.info).title)} – reference`;
	return `<!DOCTYPE html>${renderToStaticMarkup(
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<title>{title}</title>
				<meta
					name="description"
					content="How partner chains' tills look up, redeem and undo Lumen vouchers."
				/>
				{/* No icon to fetch: the page loads nothing but itself. */}
				<link rel="icon" href="data:," />
				{/* biome-ignore lint/security/noDangerouslySetInnerHtml: this module's own constant stylesheet */}
				<style nonce={options.nonce} dangerouslySetInnerHTML={{ __html: STYLE }} />
			</head>
			<body>
				<Reference document={document} openapiUrl={options.openapiUrl} />
			</body>
		</html>,
	)}`;
}
