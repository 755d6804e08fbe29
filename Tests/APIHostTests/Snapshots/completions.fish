# fish completion for apicli 9.9.9, generated from its declarations; do not edit.
# Install: apicli completions fish > ~/.config/fish/completions/apicli.fish

# The words after the program name, without options and their values.
function __apicli_words
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    for word in $words
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $word
            case --format -f --db --color --fields --template --as-of --from --to --sort --page -p --units --lang --cnt --keep --since --output -o --schema --base-url --path --items --query-param --key-param --key-header --summary --sample --sample-words --openapi --operation --read --server --key-of --rate --spacing --query -q --method -X --raw-field --field -F --input --header -H --max-wait --fq --since-last --flow
                set skip 1
            case '-*'
            case '*'
                echo $word
        end
    end
end

# True when the words so far are exactly the arguments (none: no command yet).
function __apicli_is
    set -l words (__apicli_words)
    test (count $words) -eq (count $argv); or return 1
    for i in (seq (count $argv))
        test "$words[$i]" = "$argv[$i]"; or return 1
    end
    return 0
end

# True when the words so far are the command word and then exactly N others (argv[2]).
function __apicli_at
    set -l words (__apicli_words)
    test (count $words) -ge 1; and test "$words[1]" = "$argv[1]"; and test (count $words) -eq (math $argv[2] + 1)
end

# True when the words so far are the command word and then at least N others (argv[2]).
function __apicli_after
    set -l words (__apicli_words)
    test (count $words) -ge 1; and test "$words[1]" = "$argv[1]"; and test (count $words) -ge (math $argv[2] + 1)
end

# True when the command word is the argument, whatever follows it.
function __apicli_using
    set -l words (__apicli_words)
    test (count $words) -ge 1; and test "$words[1]" = "$argv[1]"
end

complete -c apicli -f

# Global options
complete -c apicli -s f -l format -x -a 'table json ndjson csv line' -d 'Output format.'
complete -c apicli -l json -d 'Same as --format json.'
complete -c apicli -l offline -d 'Answer from the local store only; never touch the network.'
complete -c apicli -l refresh -d 'Bypass the response cache (results are still stored).'
complete -c apicli -l db -r -F -d 'The SQLite store to use (also APICLI_DB).'
complete -c apicli -l color -x -a 'auto always never' -d 'Colour output.'
complete -c apicli -l wide -d 'Never truncate table cells to fit the terminal.'
complete -c apicli -s v -l verbose -d 'Trace every HTTP attempt on stderr (keys redacted).'
complete -c apicli -s q -l quiet -d 'No progress or notices on stderr; errors still print.'
complete -c apicli -s h -l help -d 'Show help.'
complete -c apicli -l fields -x -d 'Only these fields, in this order (a,b,city.name); \'help\' lists them.'
complete -c apicli -l template -x -d 'The line --format line prints per item: {field}, {time:%H:%M}, {temp:.1}, {headline:40}, {gust|-}.'
complete -c apicli -l new -d 'Print only the items that were not in the store before this run.'
complete -c apicli -l as-of -x -d 'With --offline: the answer as stored at TIME (2026-12-01T06:00, UTC unless it gives an offset).'
complete -c apicli -l changed -d 'Print only the items whose content the store had not seen: changed since it last saw them, or new.'
complete -c apicli -l fail-empty -d 'Exit 1 when there is nothing to print (also when --new finds nothing new).'

# Providers and commands
complete -c apicli -n '__apicli_is' -a news -d 'Search sample news articles by words, dates and sections.'
complete -c apicli -n '__apicli_is' -a sky -d 'Five-day forecast for a city.'
complete -c apicli -n '__apicli_is' -a providers -d 'List the providers and what they do.'
complete -c apicli -n '__apicli_is' -a help -d 'Show help for apicli or a provider.'
complete -c apicli -n '__apicli_is' -a config -d 'Get, set, unset or list settings and keys.'
complete -c apicli -n '__apicli_is' -a store -d 'Inspect, query (read-only SQL) and maintain the local store.'
complete -c apicli -n '__apicli_is' -a history -d 'Show the stored versions of one item and what changed between them.'
complete -c apicli -n '__apicli_is' -a completions -d 'Print a shell completion script (bash, zsh, fish).'
complete -c apicli -n '__apicli_is' -a manpage -d 'Print the man page (roff).'
complete -c apicli -n '__apicli_is' -a provider -d 'Add, list, show, check or remove provider files (new APIs without recompiling).'
complete -c apicli -n '__apicli_is' -a api -d 'Send one request to a provider\'s API with its key, limits and cache; print the body as it came.'
complete -c apicli -n '__apicli_is' -a mcp -d 'Serve every provider and the store to an AI agent as Model Context Protocol tools (stdio).'
complete -c apicli -n '__apicli_is' -a quota -d 'Show each key\'s requests this minute and day against its limits, the reserve, and the API\'s last word.'
complete -c apicli -n '__apicli_is' -a harvest -d 'Pull a long range (every Archive month, every search result) within the key\'s daily budget; resumable.'
complete -c apicli -n '__apicli_is' -a auth -d 'Sign in to an OAuth2 API, show the sign-in (never the token), or sign out.'

# news
complete -c apicli -n '__apicli_using news' -l from -x -d 'Only articles published on or after this date.'
complete -c apicli -n '__apicli_using news' -l to -x -d 'Only articles published on or before this date.'
complete -c apicli -n '__apicli_using news' -l sort -x -a 'newest oldest relevance' -d 'The order of results.'
complete -c apicli -n '__apicli_using news' -s p -l page -x -d 'The page of results, from 0.'
complete -c apicli -n '__apicli_using news' -l headlines-only -d 'Print only the headlines [no abstracts]: one per line.'

# Anything else (a provider file, a provider with operations, one added after this script was
# written): apicli says what comes next, from the provider's description.
function __apicli_asked
    set -l words (__apicli_words)
    test (count $words) -ge 1; or return 1
    contains -- $words[1] news providers help config store history completions manpage provider api mcp quota harvest auth; and return 1
    return 0
end

function __apicli_ask
    set -l line (commandline -opc)
    $line[1] completions words fish -- $line[2..-1] (commandline -ct) 2>/dev/null
end

complete -c apicli -n '__apicli_asked' -a '(__apicli_ask)'

# help
complete -c apicli -n '__apicli_is help' -a 'news sky'

# config
complete -c apicli -n '__apicli_is config' -a 'set get unset list'
complete -c apicli -n '__apicli_is config set' -a 'news.api-key news.sort sky.units sky.lang'
complete -c apicli -n '__apicli_is config get' -a 'news.api-key news.sort sky.units sky.lang'
complete -c apicli -n '__apicli_is config unset' -a 'news.api-key news.sort sky.units sky.lang'

# store
complete -c apicli -n '__apicli_using store' -l keep -x -d 'store prune: keep versions fetched within DURATION (90d, 36h, 2w); also APICLI_STORE_KEEP.'
complete -c apicli -n '__apicli_using store' -l since -x -d 'store export: only items fetched at or after TIME (2026-12-01T06:00, UTC unless it gives an offset).'
complete -c apicli -n '__apicli_using store' -l versions -d 'store export: every stored version, not only each item\'s latest.'
complete -c apicli -n '__apicli_using store' -s o -l output -r -F -d 'store export: write FILE (whole, or not at all) instead of stdout; \'-\' is stdout.'
complete -c apicli -n '__apicli_using store' -l schema -x -d 'store sync, store sql --db postgresql://…: the team database\'s schema (default apicli).'
complete -c apicli -n '__apicli_is store' -a 'info clear vacuum check sql schema prune export sync'
complete -c apicli -n '__apicli_is store clear' -a 'news sky'
complete -c apicli -n '__apicli_is store export' -a 'news sky'

# history
complete -c apicli -n '__apicli_is history' -a 'news sky'

# completions
complete -c apicli -n '__apicli_is completions' -a 'bash zsh fish'

# provider
complete -c apicli -n '__apicli_using provider' -l base-url -x -d 'The API\'s base URL (http or https); with --openapi, replaces the document\'s servers.'
complete -c apicli -n '__apicli_using provider' -l path -x -d 'The API path, from /.'
complete -c apicli -n '__apicli_using provider' -l items -x -d 'Where the array of results is in the answer (hits, response.docs); with --openapi, instead of the document\'s (. for a bare list).'
complete -c apicli -n '__apicli_using provider' -l query-param -x -d 'The query parameter that takes the search words.'
complete -c apicli -n '__apicli_using provider' -l no-key -d 'The API needs no key.'
complete -c apicli -n '__apicli_using provider' -l key-param -x -d 'The query parameter that carries the key.'
complete -c apicli -n '__apicli_using provider' -l key-header -x -d 'The header that carries the key (X-Api-Key), instead of --key-param.'
complete -c apicli -n '__apicli_using provider' -l summary -x -d 'One line for \'apicli providers\'.'
complete -c apicli -n '__apicli_using provider' -l sample -r -F -d 'A saved answer to guess the columns from (or to check against).'
complete -c apicli -n '__apicli_using provider' -l sample-words -x -d 'The words of the one live request add makes (default: test).'
complete -c apicli -n '__apicli_using provider' -l openapi -r -F -d 'An OpenAPI 3 or Swagger 2 document (JSON or YAML), a file or an http(s) URL, to import from.'
complete -c apicli -n '__apicli_using provider' -l operation -x -d 'The operationId, or \'GET /path\', to import; repeatable. Without it, every operation.'
complete -c apicli -n '__apicli_using provider' -l read -x -d 'With --openapi: import this operation (operationId or \'POST /path\') as a read, cached and stored; repeatable.'
complete -c apicli -n '__apicli_using provider' -l server -x -d 'With --openapi: which of the document\'s servers to use, from 1.'
complete -c apicli -n '__apicli_using provider' -l bearer -d 'Send the key as \'Authorization: Bearer\' (with --openapi: a token for an OAuth2 API).'
complete -c apicli -n '__apicli_using provider' -l key-of -x -d 'Use that provider\'s key (NYT_API_KEY, nyt.api-key) instead of one of its own.'
complete -c apicli -n '__apicli_using provider' -l rate -x -d 'The API\'s allowance, such as 5/minute,500/day (second, minute, hour, day).'
complete -c apicli -n '__apicli_using provider' -l spacing -x -d 'Seconds between two requests, at least (1 to 3600).'
complete -c apicli -n '__apicli_using provider' -s y -l yes -d 'remove: also drop the stored rows, without asking.'
complete -c apicli -n '__apicli_is provider' -a 'add list show check remove'
complete -c apicli -n '__apicli_is provider show' -a 'sky'
complete -c apicli -n '__apicli_is provider check' -a 'sky'
complete -c apicli -n '__apicli_is provider remove' -a 'sky'

# api
complete -c apicli -n '__apicli_using api' -s q -l query -x -d 'Add a query parameter (repeatable); percent-encoded.'
complete -c apicli -n '__apicli_using api' -s i -l include -d 'Print the status line and the headers (keys redacted) before the body.'
complete -c apicli -n '__apicli_using api' -l paginate -d 'Follow every page, one body after another: the answer\'s Link rel=next, else the provider\'s page numbers.'
complete -c apicli -n '__apicli_using api' -s X -l method -x -d 'The method: GET (the default), HEAD, POST (the default with a body), PUT, PATCH, DELETE.'
complete -c apicli -n '__apicli_using api' -s f -l raw-field -x -d 'Add a string field to the JSON body (a query parameter on GET or HEAD); repeatable.'
complete -c apicli -n '__apicli_using api' -s F -l field -x -d 'Add a typed field: numbers, true, false, null, @FILE; a.b=1 nests, tags[]=x appends; repeatable.'
complete -c apicli -n '__apicli_using api' -l input -r -F -d 'Send the file as the body (\'-\': standard input); -f and -F then add query parameters.'
complete -c apicli -n '__apicli_using api' -s H -l header -x -d 'Add a request header (repeatable); never the key\'s own header.'
complete -c apicli -n '__apicli_using api' -l dry-run -d 'Print the request (method, URL, headers with the key redacted, body) and send nothing.'
complete -c apicli -n '__apicli_using api' -l yes -d 'Send a write without asking: needed when standard input is not a terminal.'
complete -c apicli -n '__apicli_is api' -a 'news sky'

# mcp
complete -c apicli -n '__apicli_using mcp' -l allow-writes -d 'Offer the operations that change data at an API too (each marked as a write).'
complete -c apicli -n '__apicli_using mcp' -l max-wait -x -d 'The longest a tool call waits for a rate limit; one that would wait longer answers \'rate limited until …\' at once.'

# quota
complete -c apicli -n '__apicli_is quota' -a 'news sky'

# harvest
complete -c apicli -n '__apicli_using harvest' -l from -x -d 'The first month (YYYY-MM, nyt-archive) or day (YYYY-MM-DD, nyt).'
complete -c apicli -n '__apicli_using harvest' -l to -x -d 'The last month or day, included.'
complete -c apicli -n '__apicli_using harvest' -l fq -x -d 'nyt: a filter query, sent as given.'
complete -c apicli -n '__apicli_using harvest' -l resume -d 'Go on with the newest unfinished job, or the one named (apicli harvest --resume 3).'
complete -c apicli -n '__apicli_using harvest' -l list -d 'List the harvest jobs: what was asked, slices done, items, last error.'
complete -c apicli -n '__apicli_using harvest' -l wait -d 'When the day\'s budget is used, wait until it frees and go on (else stop, exit 75).'
complete -c apicli -n '__apicli_using harvest' -l since-last -x -d 'NAME: only what is newer than the last harvest of the same command, by FIELD of the items as ndjson prints them (an id or a time).'

# auth
complete -c apicli -n '__apicli_using auth' -l flow -x -a 'client-credentials authorization-code device' -d 'auth login: the flow to run among those the provider declares (default: device, else authorization-code, else client-credentials).'
complete -c apicli -n '__apicli_is auth' -a 'login status logout'
complete -c apicli -n '__apicli_is auth login' -a 'news sky'
complete -c apicli -n '__apicli_is auth status' -a 'news sky'
complete -c apicli -n '__apicli_is auth logout' -a 'news sky'
