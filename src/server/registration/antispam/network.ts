import { isIPv4, isIPv6 } from "node:net";

/**
 * The network an address belongs to, as the proof of work's difficulty counts signups: one operator
 * holds a whole IPv4 /24 or IPv6 /56 (a home gets a /56 or a /64 of its own, a rented server one
 * address of a /24 its neighbours share), so a bot hopping between its addresses stays one network.
 * An IPv4-mapped IPv6 address (::ffff:203.0.113.7, as a dual-stack socket reports IPv4 clients) is
 * its IPv4 address. Anything unparsable is its own network.
 */
export function networkOf(ip: string): string {
	if (isIPv4(ip)) return ipv4Network(ip);
	const address = ip.replace(/%.*$/, ""); // a link-local zone (fe80::1%eth0) names the interface
	if (!isIPv6(address)) return ip;
	const groups = ipv6Groups(address);
	if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
		const [high = 0, low = 0] = groups.slice(6);
		return ipv4Network(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
	}
	const [a = 0, b = 0, c = 0, d = 0] = groups;
	// The URL serialiser writes an IPv6 address canonically (RFC 5952: lower case, zeros compressed).
	const prefix = new URL(`http://[${[a, b, c, d & 0xff00, 0, 0, 0, 0].map(hex).join(":")}]`).hostname;
	return `${prefix.slice(1, -1)}/56`;
}

function ipv4Network(ip: string): string {
	return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
}

const hex = (group: number) => group.toString(16);

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
	// Canonical first: a trailing dotted IPv4 part becomes two hex groups, so only "::" is left to expand.
	const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
	const [head = "", tail] = canonical.split("::");
	const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
	const start = parse(head);
	const end = tail === undefined ? [] : parse(tail);
	return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}
