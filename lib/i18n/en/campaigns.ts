/**
 * Campaigns: the family dashboard's cards and a poll's results (SPEC.md sections 4, 8 and 9),
 * each type's name, and the refusals of the campaign calls and forms.
 */
export const campaigns = {
  title: "Campaigns",
  /** SPEC.md section 4: a poll vote's confirmation, shown for 1.5 s before it is sent. */
  thanks: "Thanks for your vote!",
  /** SPEC.md section 8: the section's destructive toasts, word for word. */
  submitFailed: "Failed to submit response. Please try again.",
  snoozeFailed: "Failed to snooze. Please try again.",
  loadFailed: "Unable to load interactive content. Please try again later.",
  empty: "You're all caught up! New polls, questions and team news will show up here.",
  readOnly: "Only the team's own members can answer campaigns; this view is read-only.",
  submit: "Submit",
  dismiss: "Dismiss",
  snooze: "Snooze",
  snoozeHint: "for 1 day",
  answerLabel: "Your answer",
  voteGroup: "Your vote",
  previous: "Previous",
  next: "Next",
  /** "2 of 5": which card this is. */
  position: "{index} of {total}",
  navLabel: "Campaigns, {position}",
  /** How each type is named on a card and in the admin area. */
  types: { poll: "Poll", question: "Question", fun_fact: "Fun Fact", newsflash: "Newsflash" },
  /** What a poll's results say around the numbers. */
  results: {
    heading: "Results: {title}",
    yourVote: "Your vote",
    votes: { one: "{count} vote", other: "{count} votes" },
    total: { one: "{count} vote so far", other: "{count} votes so far" },
  },
  errors: {
    body: "Request body must be a JSON object.",
    title: "Title is required",
    titleTooLong: "Title must be at most {max} characters",
    /** `types`: all but the last, joined with commas. */
    type: "Type must be {types} or {last}",
    pollQuestion: "Poll question is required",
    pollOptions: "Both poll options are required",
    questionText: "Question text is required",
    factText: "Fun fact text is required",
    newsText: "Newsflash text is required",
    textTooLong: "Text must be at most {max} characters",
    optionTooLong: "Each option must be at most {max} characters",
    isActive: "isActive must be true or false",
    isSnoozable: "isSnoozable must be true or false",
    snoozeDays: "Snooze days must be 1, 3, 7 or 14",
    publishAt: "Publish date must be a valid date",
    expiresAt: "Expiry date must be a valid date",
    expiryOrder: "Expiry date must be after the publish date",
    tooMany: "A team can have at most {max} campaigns. Delete an old one first.",
    notFound: "Campaign not found",
    notLive: "This campaign is not active right now.",
    notYou: "You can only answer campaigns for yourself.",
    notYourList: "You can only see your own campaigns.",
    noPerson: "Only a signed-in member of the team can answer campaigns.",
    oneAnswer: "Send exactly one of pollResponse, questionResponse or isDismissed",
    notPoll: "Only a poll takes a vote",
    pollChoice: "Please choose one of the two options",
    notQuestion: "Only a question takes a written answer",
    /** A question's answer left blank (the card says it before sending). */
    answer: "Please enter your answer",
    answerTooLong: "Your answer must be at most {max} characters",
    isDismissed: "isDismissed must be true",
    notSnoozable: "This campaign cannot be snoozed",
    alreadyAnswered: "You have already answered this campaign.",
    /** The admin area's delete confirmation (SPEC.md section 2). */
    deleteConfirm: "Are you sure you want to delete this campaign? This action cannot be undone.",
  },
};
