#include "creditflow/cli/tool.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <new>
#include <systemc>

#include "cli/commands.hpp"
#include "creditflow/core/error.hpp"
#include "creditflow/core/utf8.hpp"
#include "creditflow/platform/nearest.hpp"

namespace creditflow::cli {

int run_tool(int argc, char* argv[], const platform::Registry& registry) {
  CLI::App app{"creditflow: cycle-exact credit flow-control platforms from YAML"};
  app.name("creditflow");
  app.require_subcommand(1, 1);
  app.set_version_flag("--version", std::string("creditflow ") + CREDITFLOW_VERSION);
  int status = 0;
  add_run_command(app, registry, status);
  add_sweep_command(app, registry, status);
  add_size_command(app, registry, status);
  add_list_command(app, registry, status);
  add_merge_command(app, status);
  add_import_command(app, status);
  add_compare_command(app, registry, status);
  try {
    // Every value may reach a JSON document, which one byte that is not UTF-8 would lose.
    for (int i = 1; i < argc; ++i)
      if (const std::size_t bad = invalid_utf8_offset(argv[i]); bad != std::string::npos)
        throw Error("argument " + std::to_string(i) + " (" + std::string(argv[i]).substr(0, bad) +
                    "...) is not UTF-8 text at byte " + std::to_string(bad) + "; give it in UTF-8");
    // CLI11 would call a misspelt command "a subcommand is required"; name it instead.
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> names;
      for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
      if (std::find(names.begin(), names.end(), argv[1]) == names.end())
        throw Error(std::string("unknown command '") + argv[1] + "'" + platform::did_you_mean(argv[1], names) +
                    " (commands: " + platform::join_names(names) + "; see creditflow --help)");
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "creditflow: " << e.what() << " (see creditflow --help)\n";
    return exit_refused;
  } catch (const ProtocolError& e) {
    // Found by running: a counter or buffer broke its bound.
    std::cerr << "creditflow: " << e.what() << "\n";
    return exit_problem;
  } catch (const sc_core::sc_report& e) {
    std::cerr << "creditflow: " << e.get_msg() << "\n";
    return exit_problem;
  } catch (const std::bad_alloc& e) {
    std::cerr << "creditflow: " << failure_text(e) << "\n";
    return exit_problem;
  } catch (const std::exception& e) {
    // Bad input of any kind (a flag, the model, a value, an output path): refused.
    std::cerr << "creditflow: " << e.what() << "\n";
    return exit_refused;
  }
  // What went to standard output is a result too: a write that failed there (a full disk,
  // a closed pipe) must not pass for success.
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cerr << "creditflow: cannot write to standard output: what it printed there is incomplete\n";
    return exit_problem;
  }
  return status;
}

}  // namespace creditflow::cli
