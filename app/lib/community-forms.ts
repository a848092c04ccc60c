// The correction and feedback forms' labels and schemas, safe for the browser bundle.
export * from "../../server/modules/community/correction-forms.ts";
