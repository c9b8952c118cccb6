/**
 * The public pages that tell what GoalMates is: landing, About, Privacy and Contact. `{link}`,
 * `{email}` and `{strong}` are where the page puts a link or emphasis (components/RichText.tsx).
 */
export const marketing = {
  titles: {
    about: "About",
    privacy: "Privacy",
    privacyDescription: "What GoalMates stores about children and who can see it.",
    contact: "Contact",
  },
  createTeam: "Create a Team",
  seeHowItWorks: "See How It Works",
  privacyPageLink: "privacy page",
  landing: {
    eyebrow: "Free for the whole team",
    title: "For the Team Behind the Team.",
    subtitle:
      "The drivers, the cheerers, the jersey washers and the orange-slice heroes: GoalMates brings the parents of your youth soccer team together in one friendly place.",
    what: {
      title: "Not a roster app. A community.",
      text:
        "GoalMates is not a roster or schedule tool: keep the one your team already uses. GoalMates is where the parents of a team become a community, and it is {strong}.",
      strong: "free for the whole team",
      features: {
        feed: "A team feed for news, cheers and carpool calls",
        gallery: "A shared photo gallery",
        events: "Upcoming events pulled from TeamSnap, PlayMetrics or any ICS calendar",
        gear: "Recommended gear for the season",
        polls: "Light polls and fun facts",
      },
    },
    familiar: {
      title: "Sound familiar?",
      intro: "Every team has these legends. GoalMates is for them.",
      cards: {
        oranges: {
          title: "The Orange Slice Hero",
          text:
            "Arrives with a cooler of perfectly cut oranges. Has never once been thanked enough. Today, we fix that.",
        },
        unread: {
          title: "143 Unread Messages",
          text:
            'Somewhere between the cleat memes and "reply all" thank-yous is the field change. Good luck finding it.',
        },
        shinGuard: {
          title: "The Lost Shin Guard",
          text: "Last seen under a car seat in 2023. A search party of six parents is still out there.",
        },
      },
    },
    mvps: {
      title: "Real MVPs",
      intro: "Not every star wears cleats. Here's to the grown-ups who make the season happen.",
      items: {
        chauffeur: {
          title: "The Chauffeur",
          text: "Four kids, three booster seats, one minivan, zero complaints.",
        },
        cheer: { title: "The Cheer Captain", text: "Audible from the parking lot. Knows every player's name." },
        laundry: { title: "The Laundry Legend", text: "Gets grass stains out of white jerseys. We don't ask how." },
        snacks: { title: "The Snack Scheduler", text: "Runs the snack schedule like air traffic control." },
        photographer: {
          title: "The Sideline Photographer",
          text: "Caught the goal, the hug and the dog on the field.",
        },
        firstAid: {
          title: "The First-Aid Friend",
          text: "Ice packs, bandages and calm words for every scraped knee.",
        },
      },
    },
    compare: {
      title: "Before and After GoalMates",
      before: "Before GoalMates",
      after: "After GoalMates",
      beforeItems: {
        unread: "143 unread messages, one of which mattered",
        snacks: "Nobody knows who's bringing snacks",
        photos: "Game photos scattered across ten phones",
        kickoff: '"Wait, what time is kickoff?"',
      },
      afterItems: {
        feed: "One friendly feed the whole team actually reads",
        games: "Upcoming games right there, synced from your schedule app",
        photos: "Every photo in one shared gallery",
        names: "Parents who know each other's names (and kids' numbers)",
      },
    },
    steps: {
      title: "How It Works",
      items: {
        account: {
          title: "Create a free account",
          text: "Sign up, name your team and verify your e-mail. It takes about two minutes.",
        },
        invite: {
          title: "Invite your soccer family with one shared link",
          text: "Drop it in the group chat. Parents join and find their child.",
        },
        enjoy: {
          title: "Enjoy the season",
          text: "Share photos, cheer each other on and always know when the next game is.",
        },
      },
    },
    cta: {
      title: "Ready to rally the team behind the team?",
      text: "Free for every family. Set up in minutes. Orange slices not included.",
    },
  },
  about: {
    eyebrow: "About GoalMates",
    title: "The team behind the team, together",
    lead:
      "GoalMates is a free community app for the parents of a youth soccer team. It is the place where the grown-ups on the sideline get to know each other, share the season and keep the kids cheered on.",
    what: {
      title: "What GoalMates is",
      text:
        "Every team already has a coach, a schedule and a group chat that never sleeps. What it rarely has is one friendly home for its families. GoalMates gives each team:",
      items: {
        feed: "A team feed for news, cheers, carpool calls and the odd lost-and-found",
        gallery: "A shared photo gallery, visible only to signed-in members of the team",
        events: "Upcoming games and practices, read from the schedule app your team already uses",
        gear: "Recommended gear for the season, from cleats to rain jackets",
        polls: "Light polls, questions and fun facts that get parents talking",
      },
    },
    who: {
      title: "Who makes it",
      text:
        "GoalMates is built by a small volunteer team of soccer parents. We have stood in the rain at 8 a.m. games, searched for shin guards under car seats and scrolled through hundreds of unread messages to find out which field we were on. We made the app we wished our own teams had.",
    },
    free: {
      title: "Why it is free",
      text:
        "A team should not need a budget line, or one generous parent paying for everyone, to feel like a team. GoalMates is free for the whole team: every admin, parent and player. We keep it simple so it stays cheap to run, and we never pay for it with your family's data: there are no ads, we do not sell data and there are no tracking scripts. Read more on our {link}.",
    },
    not: {
      title: "What GoalMates is not",
      text:
        "GoalMates is {strong}, and it does not try to replace the one your club uses. Your team admin connects the team calendar from TeamSnap, PlayMetrics or any ICS calendar, and GoalMates reads upcoming events from it and keeps them in sync. Game times, field changes and registrations stay where they already live.",
      strong: "not a roster or schedule tool",
    },
    start: {
      title: "Bring your team together",
      text: "It takes a few minutes and costs nothing.",
    },
  },
  privacy: {
    eyebrow: "Children first",
    title: "Privacy",
    lead:
      "GoalMates is about children's sports teams, so we keep what we store small and who sees it narrow. Here is exactly what we keep about players and their families, and who can see it.",
    children: {
      title: "What we store about children",
      text:
        "For each player, GoalMates stores a first name, last name, jersey number and position. Optionally it also stores a photo, birth year, years playing and season stats (games, goals and assists). This is entered by the team admin or by the child's parent, and only a parent of that player or a team admin can change it.",
    },
    who: {
      title: "Who can see what",
      caption: "What GoalMates stores and who can see it",
      whatColumn: "What we store",
      whoColumn: "Who can see it",
      rows: {
        rosterBasics: {
          what: "Player's first name, last initial, jersey number and position",
          who: "Anyone who opens the team's public roster page.",
        },
        lastNameAndPhoto: {
          what: "Player's full last name and photo",
          who: "On the public roster only if the team admin turns it on.",
        },
        details: {
          what: "Player's age (from the birth year), years playing and season stats",
          who:
            "Only once the team admin or a parent has entered them; then on the player's card, opened from the public roster.",
        },
        parentNames: {
          what: "Parents' names",
          who: "Signed-in members of the team. On the public roster only if the team admin turns it on.",
        },
        parentContacts: {
          what: "Parents' e-mail addresses and phone numbers",
          who: "Never public. Player accounts cannot see them either.",
        },
        claims: { what: "Claims (a parent asking to be linked to a child)", who: "Only that team's admins." },
        teamSpace: {
          what: "Feed posts, gallery photos and family details",
          who: "Only signed-in members of that team.",
        },
      },
    },
    roster: {
      title: "The public roster",
      text:
        "By default a team's public roster page shows only each player's first name, last initial, jersey number and position. Photos, full last names and parent names appear there only if the team admin turns them on in the team settings. Optional details (age, years playing, season stats) show on a player's card only when the team admin or a parent has filled them in, so leave them empty if you would rather not share them. Parents' e-mail addresses and phone numbers are never shown publicly.",
    },
    photos: {
      title: "Photos",
      reencoded:
        "Every uploaded photo is re-encoded before anyone sees it. Location (GPS) data and all other EXIF data are removed in the process, and the file exactly as uploaded is never shown to anyone. Gallery photos are visible only to signed-in members of that team.",
      stored:
        "For each photo GoalMates stores three re-encoded sizes (the longest side at most 2048, 800 and 320 pixels), its caption, who uploaded it and when. It keeps no file names, no camera details and no location. The file as uploaded is deleted as soon as it has been re-encoded, and within an hour if the upload was never finished. A player's photo shows on the public roster only if the team admin turns photos on.",
    },
    removing: {
      title: "Removing things",
      items: {
        own: "Parents can delete their own posts and photos.",
        admins: "Team admins can remove any post or photo in their team.",
        team: "Deleting a team removes all of its records and images.",
        player: "Removing a player, or their photo, deletes the photo's files too.",
      },
    },
    retention: {
      title: "How long we keep things",
      text:
        "Your account, your posts and photos and your child's roster record stay until you or your team admin delete them, or the team is deleted. Everything below is deleted on its own, without anyone asking:",
      caption: "What GoalMates deletes on its own, and when",
      whatColumn: "What",
      whenColumn: "Deleted",
    },
    email: {
      title: "How we use e-mail",
      text:
        "We use your e-mail address only to send sign-in links, to verify your address, and to tell you about decisions on claims and join requests. Sign-in links work once and expire after 15 minutes.",
    },
    ads: {
      title: "No ads, no selling, no tracking",
      text: "GoalMates shows no ads, never sells data and runs no tracking scripts.",
    },
    questions: {
      title: "Questions or requests",
      text:
        "To correct or remove a player's details, the fastest path is your team admin, or the claim button on the team's roster page. For anything else, {link}.",
      link: "contact the GoalMates team",
    },
  },
  contact: {
    eyebrow: "Get in touch",
    title: "Contact",
    lead:
      "GoalMates is run by a small volunteer team of soccer parents. We read every message, usually between practice pick-ups.",
    email: {
      title: "E-mail us",
      text: "Questions, ideas, bug reports or a good orange-slice story: write to us at {email}.",
    },
    player: {
      title: "Changing a player's details",
      text: "For anything about a player's data, the fastest path is inside the team:",
      admin: "Ask your team admin.",
      adminText: "A team admin can fix or remove a player on the roster directly.",
      claim: "Use the claim button on the roster page.",
      claimText:
        "Choose “Claim or update this player” on your team's public roster. Once a team admin approves, you get an e-mail with a secure link to edit your child's details yourself.",
    },
    privacy: {
      title: "Privacy requests",
      text: "If you would rather write to us, e-mail {email} and include:",
      teamName: "the team name, and",
      childName: "the child's first name.",
      enough:
        "That is all we need to find the right record. Please don't send more personal details than that. You can read what we store and who sees it on our {link}.",
    },
  },
};
