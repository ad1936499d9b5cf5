// One fit of a learner's memory model, in a child process of its own (started by memory-fit.ts): the FSRS
// optimizer (fsrs-rs through @open-spaced-repetition/binding) aborts the whole process on some inputs, and that
// must never be the server. Receives one request over IPC, answers once and exits:
//   request:  { cards, standard, numRelearningSteps }: each card's reviews as [rating 1–4, days since the card's
//             previous review, use] (use: 0 no item, 1 train, 2 held out, 3 only in the fit on everything)
//   answer:   { ok: true, trainParameters, parameters, heldOut: { personal, standard } } or { ok: false, error }
// Every review with a use becomes an optimizer item: the card's reviews up to it. `trainParameters` are fitted on
// the train items; `heldOut` is the log loss and RMSE (bins) of those and of `standard` on the held-out items;
// `parameters` are fitted on every item. Which ones the learner gets is the server's decision.
import {
  computeParameters,
  FSRSBinding,
  FSRSBindingItem,
  FSRSBindingReview,
} from '@open-spaced-repetition/binding';

const item = (reviews) => new FSRSBindingItem(reviews.map(([r, t]) => new FSRSBindingReview(r, t)));

/** The optimizer's items of the request, by use. */
function itemsOf(cards) {
  const sets = { train: [], heldOut: [], all: [] };
  for (const card of cards) {
    for (let i = 1; i < card.length; i++) {
      const use = card[i][2];
      if (use === 0) continue;
      const built = item(card.slice(0, i + 1));
      sets.all.push(built);
      if (use === 1) sets.train.push(built);
      if (use === 2) sets.heldOut.push(built);
    }
  }
  return sets;
}

const evaluation = (parameters, set) => {
  const { logLoss, rmseBins } = new FSRSBinding(parameters).evaluate(set);
  return { logLoss, rmseBins };
};

const answer = (message) => process.send(message, () => process.exit(0));

process.once('message', async (request) => {
  try {
    // `timeout` is how often the binding looks at the fit's progress (ms), not a limit: the parent has one.
    const options = { enableShortTerm: true, numRelearningSteps: request.numRelearningSteps, timeout: 10 };
    const { train, heldOut: test, all } = itemsOf(request.cards);
    const trainParameters = await computeParameters(train, options);
    const heldOut = {
      personal: evaluation(trainParameters, test),
      standard: evaluation(request.standard, test),
    };
    const parameters = await computeParameters(all, options);
    answer({ ok: true, trainParameters, parameters, heldOut });
  } catch (err) {
    answer({ ok: false, error: String(err?.message ?? err).slice(0, 300) });
  }
});
