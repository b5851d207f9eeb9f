// The two textlint rules from npm ship no types; each exports a textlint rule module.
declare module 'textlint-rule-sentence-length' {
  const rule: import('@textlint/types').TextlintRuleModule;
  export default rule;
}

declare module 'textlint-rule-terminology' {
  const rule: import('@textlint/types').TextlintRuleModule;
  export default rule;
}
