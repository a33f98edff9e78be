// @formrequest/host/demo: what the demo is made of: the scripted agent that answers without a model
// (its scenarios and their forms) and the search data its forms look up (users, countries, prefectures,
// cities).
export { detectScenario, ScriptedAgent } from './agents/scripted.js';
export { type Scenario, scenarioForm } from './agents/scripted-forms.js';
export { CITIES, COUNTRIES, fold, PREFECTURES, searchItems, USERS } from './demo-data.js';
