/**
 * A form definition exports exactly the `data-nette-rules` nette/forms' PHP side (3.2, Helpers::exportRules
 * and Validator::formatMessage) emits for the same form. Each case shows the PHP it mirrors; the expected
 * JSON is written by hand from Nette's source, key order included.
 */
import { describe, expect, it } from "vitest";
import { defineForm, field, rule } from "../../src/server/forms";
import { parseRules } from "../../src/validation";

const json = (form: { rulesJson(key: string, lang: "cs" | "en"): string | undefined }, key: string) =>
	form.rulesJson(key, "en");

describe("rules export in Nette's format", () => {
	it("puts setRequired first, fills %label without its colon, %name and %d", () => {
		// $form->addText('name', 'Name:')->addRule(Form::MaxLength, '%label (%name): at most %d', 50)
		//     ->setRequired('Fill in %label.');
		const form = defineForm("t", {
			name: field.text({
				label: "Name:",
				required: "Fill in %label.",
				rules: [rule.maxLength(50, "%label (%name): at most %d")],
			}),
		});
		expect(json(form, "name")).toBe(
			'[{"op":":filled","msg":"Fill in Name."},{"op":":maxLength","msg":"Name (name): at most 50","arg":50}]',
		);
	});

	it("adds the rules and default messages of addEmail, addInteger, addFloat and addUpload", () => {
		// $form->addEmail('email', 'E-mail')->setRequired();
		// $form->addInteger('age', 'Age')->addRule(Form::Range, null, [18, 120]);
		// $form->addFloat('weight', 'Weight');
		// $form->addUpload('photo', 'Photo')->addRule(Form::Image, 'An image, please.');
		const form = defineForm("t", {
			email: field.email({ label: "E-mail", required: true }),
			age: field.integer({ label: "Age", rules: [rule.range(18, 120)] }),
			weight: field.float({ label: "Weight" }),
			photo: field.file({ label: "Photo", rules: [rule.image("An image, please.")] }),
		});
		expect(json(form, "email")).toBe(
			'[{"op":":filled","msg":"This field is required."},{"op":":email","msg":"Please enter a valid email address."}]',
		);
		expect(json(form, "age")).toBe(
			'[{"op":":integer","msg":"Please enter a valid integer."},{"op":":range","msg":"Please enter a value between 18 and 120.","arg":[18,120]}]',
		);
		expect(json(form, "weight")).toBe('[{"op":":float","msg":"Please enter a valid number."}]');
		expect(json(form, "photo")).toBe(
			'[{"op":":fileSize","msg":"The size of the uploaded file can be up to 2097152 bytes.","arg":2097152},{"op":":image","msg":"An image, please."}]',
		);
	});

	it("exports another control as {control: html name} and leaves its %s to the browser as %0", () => {
		// $form->addPassword('password2', 'Again')
		//     ->addRule(Form::Equal, 'Must be %s, not %value.', $form['password']);
		const form = defineForm("t", {
			password: field.password({ label: "Password" }),
			password2: field.password({
				label: "Again",
				rules: [rule.equal(rule.ref("password"), "Must be %s, not %value.")],
			}),
		});
		expect(json(form, "password2")).toBe(
			'[{"op":":equal","msg":"Must be %0, not %value.","arg":{"control":"password"}}]',
		);
	});

	it("fills %d and %s one after another and %2$d by position; an array's items one by one", () => {
		// ->addRule(Form::Length, '%d to %d', [3, 10])->addRule(Form::Length, 'max %2$d, min %1$d', [3, 10])
		// ->addRule(Form::IsIn, 'One of: %s', ['a', 'b'])
		const form = defineForm("t", {
			code: field.text({
				label: "Code",
				rules: [
					rule.length([3, 10], "%d to %d"),
					rule.length([3, 10], "max %2$d, min %1$d"),
					rule.equal(["a", "b"], "One of: %s"),
				],
			}),
		});
		expect(json(form, "code")).toBe(
			'[{"op":":length","msg":"3 to 10","arg":[3,10]},{"op":":length","msg":"max 10, min 3","arg":[3,10]},{"op":":equal","msg":"One of: a","arg":["a","b"]}]',
		);
	});

	it("exports conditions with rules, control and arg, and negation with ~", () => {
		// $form->addText('phone', 'Phone')->addCondition(Form::Filled)
		//     ->addRule(Form::Pattern, 'Nine digits.', '[0-9 ]{9,}');
		// $form->addText('nick', 'Nick')->addRule(~Form::Email, 'Not an e-mail.');
		const form = defineForm("t", {
			phone: field.tel({
				label: "Phone",
				rules: [rule.when(rule.filled(), { rules: [rule.pattern("[0-9 ]{9,}", "Nine digits.")] })],
			}),
			nick: field.text({ label: "Nick", rules: [rule.not(rule.email("Not an e-mail."))] }),
		});
		expect(json(form, "phone")).toBe(
			'[{"op":":filled","rules":[{"op":":pattern","msg":"Nine digits.","arg":"[0-9 ]{9,}"}],"control":"phone"}]',
		);
		expect(json(form, "nick")).toBe('[{"op":"~:email","msg":"Not an e-mail."}]');
	});

	it("exports conditions on other controls (lists by their [] name) and toggles", () => {
		// $form->addCheckbox('company', 'Company')->addCondition(Form::Equal, true)->toggle('company-box');
		// $form->addCheckboxList('topics', 'Topics', [...]);
		// $form->addText('vat', 'VAT')->addConditionOn($form['company'], Form::Equal, true)
		//     ->setRequired('VAT, please.');
		// $form->addText('other', 'Other')->addConditionOn($form['topics'], Form::Filled)
		//     ->addRule(Form::MinLength, null, 2);
		const form = defineForm("t", {
			company: field.checkbox({
				label: "Company",
				rules: [rule.when(rule.equal(true), { toggle: "company-box" })],
			}),
			topics: field.checkboxList({ label: "Topics", options: [{ value: "a", label: "A" }] }),
			vat: field.text({
				label: "VAT",
				rules: [rule.whenOn("company", rule.equal(true), { rules: [rule.filled("VAT, please.")] })],
			}),
			other: field.text({
				label: "Other",
				rules: [rule.whenOn("topics", rule.filled(), { rules: [rule.minLength(2)] })],
			}),
		});
		expect(json(form, "company")).toBe(
			'[{"op":":equal","rules":[],"control":"company","toggle":{"company-box":true},"arg":true}]',
		);
		expect(json(form, "vat")).toBe(
			'[{"op":":equal","rules":[{"op":":filled","msg":"VAT, please."}],"control":"company","arg":true}]',
		);
		expect(json(form, "other")).toBe(
			'[{"op":":filled","rules":[{"op":":minLength","msg":"Please enter at least 2 characters.","arg":2}],"control":"topics[]"}]',
		);
	});

	it("leaves out a condition with neither rules nor toggles, and fields without rules have none", () => {
		// $form->addText('note', 'Note')->addCondition(Form::Filled); // nothing inside
		const form = defineForm("t", {
			note: field.text({ label: "Note", rules: [rule.when(rule.filled(), {})] }),
			plain: field.text({ label: "Plain" }),
			token: field.hidden(),
		});
		expect(json(form, "note")).toBeUndefined();
		expect(json(form, "plain")).toBeUndefined();
		expect(json(form, "token")).toBeUndefined();
	});

	it("keeps string bounds (dates) as strings and prints them in messages", () => {
		// $form->addDate('birth', 'Birth date')->addRule(Form::Max, 'Born by %d.', '2008-06-01');
		const form = defineForm("t", {
			birth: field.date({ label: "Birth date", rules: [rule.max("2008-06-01", "Born by %d.")] }),
		});
		expect(json(form, "birth")).toBe('[{"op":":max","msg":"Born by 2008-06-01.","arg":"2008-06-01"}]');
	});

	it("translates labels and messages, with Czech defaults", () => {
		const form = defineForm("t", {
			email: field.email({
				label: { cs: "E-mail", en: "E-mail" },
				required: { cs: "Vyplňte %label.", en: "Enter your %label." },
			}),
		});
		expect(form.rulesJson("email", "cs")).toBe(
			'[{"op":":filled","msg":"Vyplňte E-mail."},{"op":":email","msg":"Zadejte prosím platnou e-mailovou adresu."}]',
		);
		expect(form.rulesJson("email", "en")).toContain('"msg":"Enter your E-mail."');
	});

	it("exports a custom validator as its PHP callable, negated with ~, with our default message", () => {
		// $form->addText('code', 'Code')->addRule([Lumen\Validators::class, 'ean13'], 'EAN!')
		//     ->addRule(~[...]) is not PHP, so: addCondition(~[Lumen\Validators::class, 'ean13'])
		const form = defineForm("t", {
			code: field.text({ label: "Code", rules: [rule.ean13("EAN!"), rule.not(rule.ean13())] }),
		});
		expect(json(form, "code")).toBe(
			'[{"op":"Lumen\\\\Validators::ean13","msg":"EAN!"},{"op":"~Lumen\\\\Validators::ean13","msg":"Please enter a valid EAN-13 code."}]',
		);
		expect(form.rulesJson("code", "cs")).toContain('"msg":"Zadejte prosím platný kód EAN-13."');
	});

	it("exports rules the engine's parser accepts", () => {
		const form = defineForm("t", {
			a: field.integer({ label: "A", required: true, rules: [rule.min(1)] }),
			b: field.text({
				label: "B",
				rules: [rule.whenOn("a", rule.not(rule.blank()), { toggle: { "#x": false } })],
			}),
		});
		for (const key of ["a", "b"]) expect(() => parseRules(form.rulesJson(key, "cs"))).not.toThrow();
	});
});

describe("definition mistakes fail at definition", () => {
	it("rejects unknown fields in arguments, conditions and scopes", () => {
		expect(() =>
			defineForm("t", { a: field.text({ label: "A", rules: [rule.equal(rule.ref("nope"))] }) }),
		).toThrow(/rule argument "nope"/);
		expect(() =>
			defineForm("t", { a: field.text({ label: "A", rules: [rule.whenOn("nope", rule.filled(), {})] }) }),
		).toThrow(/condition on "nope"/);
		expect(() => defineForm("t", { s: field.submit({ label: "S", validationScope: ["nope"] }) })).toThrow(
			/scope field "nope"/,
		);
	});

	it("rejects keys that are not plain names, a file limit above the server's, and split groups", () => {
		expect(() => defineForm("t", { "a[b]": field.text({ label: "A" }) })).toThrow(/plain identifier/);
		expect(() => defineForm("t", { f: field.file({ label: "F", maxSize: 10 ** 9 }) })).toThrow(/maxSize/);
		expect(() =>
			defineForm("t", {
				a: field.text({ label: "A", group: "g" }),
				b: field.text({ label: "B" }),
				c: field.text({ label: "C", group: "g" }),
			}),
		).toThrow(/follow one another/);
	});
});
